import { constants, generateKeyPairSync, privateDecrypt, publicEncrypt } from 'node:crypto';
import { getPublicKey, loginSafe, messages } from '@ondoku/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../config/paths';
import { fail, renderRoute, reply, testTeacher } from '../../test/render-route';

// jsdom's ArrayBuffer is not Node's, which WebCrypto refuses: the same encryption (RSA-OAEP,
// SHA-256, base64) with node:crypto here, and the test decrypts what the server got.
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const oaep = { padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' };
vi.mock('@ondoku/ui/password-crypto', () => ({
  encryptPassword: async (pem: string, password: string) =>
    publicEncrypt({ key: pem, ...oaep }, Buffer.from(password)).toString('base64'),
}));
afterEach(() => vi.unstubAllGlobals());

const publicKeyReply = reply(getPublicKey, () => ({
  public_key: keys.publicKey.export({ type: 'spki', format: 'pem' }).toString(),
  algorithm: 'RSA-OAEP-256' as const,
}));

const field = (placeholder: string) => screen.getByPlaceholderText(placeholder);
const type = (placeholder: string, value: string) => fireEvent.change(field(placeholder), { target: { value } });
const submit = () => fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));

// Route tests with antd take seconds on a busy machine.
describe('/login', { timeout: 60_000 }, () => {
  it('is plain markup (no antd on the first view) with the spec messages for empty fields', async () => {
    const { calls } = renderRoute('/login', { user: null });
    await screen.findByRole('button', { name: 'ログイン' }, { timeout: 20_000 });
    expect(screen.getByLabelText('アカウントID（またはメールアドレス）')).toBe(
      field('アカウントIDまたはメールアドレス'),
    );
    expect(screen.getByLabelText('パスワード')).toHaveAttribute('type', 'password');
    expect(screen.getByRole('link', { name: 'パスワードをお忘れの方はこちら' })).toHaveAttribute(
      'href',
      paths.forget.path,
    );
    // Nothing of antd rendered (its components carry ant- classes).
    expect(document.querySelector('[class*="ant-"]')).toBeNull();

    type('アカウントIDまたはメールアドレス', '   ');
    submit();
    expect(await screen.findByText(messages.loginIdRequired)).toBeInTheDocument();
    expect(screen.getByText(messages.passwordRequired)).toBeInTheDocument();
    expect(field('アカウントIDまたはメールアドレス')).toHaveAttribute('aria-invalid', 'true');
    expect(field('パスワード')).toHaveAccessibleDescription(messages.passwordRequired);
    expect(calls.some((c) => c.path === loginSafe.path)).toBe(false);

    // A field is checked again as it changes, like an antd Form.
    type('パスワード', 'pass1234');
    await waitFor(() => expect(screen.queryByText(messages.passwordRequired)).toBeNull());
    expect(field('パスワード')).not.toHaveAttribute('aria-invalid');
    // The eye button shows the password, and hides it again.
    fireEvent.click(screen.getByRole('button', { name: 'パスワードを表示' }));
    expect(field('パスワード')).toHaveAttribute('type', 'text');
    fireEvent.click(screen.getByRole('button', { name: 'パスワードを隠す' }));
    expect(field('パスワード')).toHaveAttribute('type', 'password');
  });

  it('signs in with the trimmed id and the encrypted password, then opens the homework list', async () => {
    const { calls, router } = renderRoute('/login', {
      user: null,
      api: [
        publicKeyReply,
        reply(loginSafe, () => ({ token: 'new-token', user: testTeacher, online_class_switch: false })),
      ],
    });
    await screen.findByRole('button', { name: 'ログイン' }, { timeout: 20_000 });
    type('アカウントIDまたはメールアドレス', '  sensei ');
    type('パスワード', 'pass1234');
    submit();
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.homeworkList.path), { timeout: 30_000 });
    const sent = calls.find((c) => c.path === loginSafe.path)!.input;
    expect(sent.username).toBe('sensei');
    expect(
      privateDecrypt({ key: keys.privateKey, ...oaep }, Buffer.from(String(sent.password), 'base64')).toString(),
    ).toBe('pass1234');
  });

  it('shows the server message for a wrong password (the notifier loads on demand) and stays', async () => {
    const { router } = renderRoute('/login', {
      user: null,
      api: [publicKeyReply, reply(loginSafe, () => fail(400, messages.loginFailed))],
    });
    await screen.findByRole('button', { name: 'ログイン' }, { timeout: 20_000 });
    type('アカウントIDまたはメールアドレス', 'sensei');
    type('パスワード', 'wrong-pass1');
    submit();
    expect(await screen.findByText(messages.loginFailed, {}, { timeout: 20_000 })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('a failed sign-in’s toast goes when the next sign-in succeeds (never over the homework list)', async () => {
    let attempts = 0;
    const { router } = renderRoute('/login', {
      user: null,
      api: [
        publicKeyReply,
        reply(loginSafe, () =>
          ++attempts === 1
            ? fail(400, messages.loginFailed)
            : { token: 'new-token', user: testTeacher, online_class_switch: false },
        ),
      ],
    });
    await screen.findByRole('button', { name: 'ログイン' }, { timeout: 20_000 });
    type('アカウントIDまたはメールアドレス', 'sensei');
    type('パスワード', 'wrong-pass1');
    submit();
    expect(await screen.findByText(messages.loginFailed, {}, { timeout: 20_000 })).toBeInTheDocument();
    type('パスワード', 'pass1234');
    submit();
    // Gone as soon as the new session starts, not when its 3 s run out.
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.homeworkList.path), { timeout: 30_000 });
    expect(screen.queryByText(messages.loginFailed)).toBeNull();
  });
});
