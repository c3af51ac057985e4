import { constants, generateKeyPairSync, privateDecrypt, publicEncrypt } from 'node:crypto';
import {
  getLearnStudentInfo,
  getPublicKey,
  getStudentHomeworkList,
  learnMessages,
  studentJoinClass,
  studentLogin,
  studentPassCardLogin,
} from '@ondoku/contract';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { LEARN_SESSION_KEY } from '../session';
import { fail, renderLearn, reply, testSession } from '../test/render-learn';

// jsdom's ArrayBuffer is not Node's, which WebCrypto refuses: the helper encrypts the same way
// (RSA-OAEP, SHA-256, base64) with node:crypto here, and the test decrypts what the server got.
const keys = generateKeyPairSync('rsa', { modulusLength: 2048 });
const publicPem = keys.publicKey.export({ type: 'spki', format: 'pem' }).toString();
vi.mock('@ondoku/ui/password-crypto', () => ({
  encryptPassword: async (pem: string, password: string) =>
    publicEncrypt(
      { key: pem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
      Buffer.from(password),
    ).toString('base64'),
}));
afterEach(() => vi.unstubAllGlobals());

const decrypt = async (b64: string) =>
  privateDecrypt(
    { key: keys.privateKey, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
    Buffer.from(b64, 'base64'),
  ).toString();

const keyReply = reply(getPublicKey, () => ({ public_key: publicPem, algorithm: 'RSA-OAEP-256' as const }));
const emptyList = reply(getStudentHomeworkList, () => ({ rows: [] }));

const type = (label: string, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('learn: sign-in', () => {
  it('asks for the ID and the password in Japanese before calling the server', async () => {
    const { calls } = renderLearn('/signin', { session: null, api: [keyReply] });
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(learnMessages.loginIdRequired);
    type('ID', 'tanaka01');
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(learnMessages.passwordRequired);
    expect(calls).toHaveLength(0);
  });

  it('shows the server’s message for a wrong password, and the password travels encrypted', async () => {
    const sent: string[] = [];
    const { calls } = renderLearn('/signin', {
      session: null,
      api: [
        keyReply,
        reply(studentLogin, (input) => {
          sent.push(String(input.password));
          return fail(400, learnMessages.signInFailed);
        }),
      ],
    });
    type('ID', ' tanaka01 ');
    type('パスワード', 'himitsu-123');
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('IDかパスワードがちがいます。');
    expect(sent[0]).not.toContain('himitsu');
    expect(await decrypt(sent[0]!)).toBe('himitsu-123');
    expect(calls.find((c) => c.path === studentLogin.path)?.input.student_id).toBe('tanaka01');
    expect(localStorage.getItem(LEARN_SESSION_KEY)).toBeNull();
  });

  it('signs in to the homework list with the child’s own token in its own storage key', async () => {
    const { calls } = renderLearn('/signin', {
      session: null,
      api: [keyReply, reply(studentLogin, () => testSession), emptyList],
    });
    type('ID', 'tanaka01');
    type('パスワード', 'himitsu-123');
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('heading', { name: 'しゅくだい' })).toBeInTheDocument();
    expect(window.location.hash).toBe('#/');
    expect(JSON.parse(localStorage.getItem(LEARN_SESSION_KEY)!).token).toBe('student-token');
    expect(localStorage.getItem('ondoku.session')).toBeNull();
    await waitFor(() => expect(calls.some((c) => c.path === getStudentHomeworkList.path)).toBe(true));
    const list = calls.find((c) => c.path === getStudentHomeworkList.path)!;
    expect(list.auth).toBe('Bearer student-token');
    expect(list.input.teacher_id).toBeUndefined();
  });

  it('a network failure is said kindly', async () => {
    renderLearn('/signin', {
      session: null,
      api: [
        keyReply,
        reply(studentLogin, () => {
          throw new TypeError('down');
        }),
      ],
    });
    type('ID', 'tanaka01');
    type('パスワード', 'x');
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('つうしんができませんでした');
  });
});

describe('learn: login card QR', () => {
  it('#/card?key=… signs in with the card key and opens the homework list', async () => {
    const { calls } = renderLearn('/card?key=card-key-123', {
      session: null,
      api: [reply(studentPassCardLogin, () => testSession), emptyList],
    });
    expect(await screen.findByRole('heading', { name: 'しゅくだい' })).toBeInTheDocument();
    expect(calls.filter((c) => c.path === studentPassCardLogin.path).map((c) => c.input)).toEqual([
      { key: 'card-key-123' },
    ]);
    // The key does not stay in the address.
    expect(window.location.hash).toBe('#/');
    expect(screen.getByTestId('student-name')).toHaveTextContent('たなか はなさん');
  });

  it('a renewed card is refused with the message for children', async () => {
    renderLearn('/card?key=old', {
      session: null,
      api: [reply(studentPassCardLogin, () => fail(400, learnMessages.cardInvalid))],
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(learnMessages.cardInvalid);
    expect(screen.getByRole('link', { name: 'IDとパスワードでログインする' })).toBeInTheDocument();
  });

  it('a card address without a key says so without calling the server', async () => {
    const { calls } = renderLearn('/card', { session: null });
    expect(await screen.findByRole('alert')).toHaveTextContent(learnMessages.cardInvalid);
    expect(calls).toHaveLength(0);
  });
});

describe('learn: session and class code', () => {
  it('signed out, every screen goes to sign-in', async () => {
    renderLearn('/history', { session: null });
    expect(await screen.findByRole('heading', { name: 'おんどく にログイン' })).toBeInTheDocument();
  });

  it('a 401 signs the child out to the sign-in screen', async () => {
    renderLearn('/', { api: [reply(getStudentHomeworkList, () => fail(401, 'unauthorized'))] });
    expect(await screen.findByRole('heading', { name: 'おんどく にログイン' })).toBeInTheDocument();
    expect(localStorage.getItem(LEARN_SESSION_KEY)).toBeNull();
  });

  it('a class-code link survives signing in, then joins the class', async () => {
    const { calls } = renderLearn('/join?code=AB12CD', {
      session: null,
      api: [
        keyReply,
        reply(studentLogin, () => testSession),
        reply(studentJoinClass, () => ({ team_id: 9, name: '4年2組', joined: true })),
        reply(getLearnStudentInfo, () => ({
          student: { ...testSession.student, teams: [...testSession.student.teams, { team_id: 9, name: '4年2組' }] },
        })),
      ],
    });
    type('ID', 'tanaka01');
    type('パスワード', 'pw');
    fireEvent.click(screen.getByRole('button', { name: 'ログイン' }));
    expect(await screen.findByRole('heading', { name: 'クラスに入る' })).toBeInTheDocument();
    expect(screen.getByLabelText('クラスコード')).toHaveValue('AB12CD');
    fireEvent.click(screen.getByRole('button', { name: '入る' }));
    expect(await screen.findByText('「4年2組」に入りました！')).toBeInTheDocument();
    expect(calls.find((c) => c.path === studentJoinClass.path)?.input).toEqual({ code: 'AB12CD' });
  });

  it('an empty class code is refused in Japanese', async () => {
    renderLearn('/join');
    fireEvent.click(await screen.findByRole('button', { name: '入る' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(learnMessages.codeRequired);
  });
});
