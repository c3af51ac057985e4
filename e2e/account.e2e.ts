import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { startSmtpPeer, type SmtpPeer } from '../apps/server/src/test/smtp-peer';
import { apiSignIn, openBrowser, screenshot, signInThroughForm, startServer, type RunningServer } from './harness';

/**
 * Account self-service as a teacher does it: the forgotten-password flow from the login screen
 * with the code read from a real SMTP peer, and the account screen (profile, e-mail, password).
 */
let server: RunningServer;
let smtp: SmtpPeer;
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;

beforeAll(async () => {
  smtp = await startSmtpPeer();
  server = await startServer({ env: { SMTP_URL: smtp.url } });
});
afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});
beforeEach(async () => {
  browser = await openBrowser();
  page = browser.page;
});
afterEach(async () => {
  await browser?.close();
});

const visible = (p: Page, text: string) => expect.poll(() => p.getByText(text, { exact: false }).first().isVisible());

const infoStatus = async (token: string) =>
  (await fetch(`${server.url}/api/v2/teacher/info`, { headers: { authorization: `Bearer ${token}` } })).status;

describe('forgotten password', () => {
  it('resets the password with the mailed code from the login screen; old password and tokens stop working', async () => {
    const oldToken = (await apiSignIn(server.url, 'teacher01', 'pass1234'))!;
    expect(await infoStatus(oldToken)).toBe(200);

    await page.goto(`${server.url}/#/login`);
    await page.getByRole('link', { name: 'パスワードをお忘れの方はこちら' }).click();
    await page.waitForURL(/#\/forget$/);
    await page.getByRole('button', { name: '確認コードを送信' }).click();
    await visible(page, 'メールアドレスを入力してください。').toBe(true);
    await page.getByPlaceholder('example@school.jp').fill('teacher01@example');
    await page.getByRole('button', { name: '確認コードを送信' }).click();
    await visible(page, '正しいメールアドレスを入力してください。').toBe(true);
    await screenshot(page, 'forget-email');

    const since = smtp.received.length;
    await page.getByPlaceholder('example@school.jp').fill('teacher01@example.com');
    await page.getByRole('button', { name: '確認コードを送信' }).click();
    await visible(page, '確認コードを送信しました').toBe(true);
    const mail = await smtp.waitFor('teacher01@example.com', since);
    expect(mail.subject).toBe('【音読】パスワード再設定の確認コード');
    const code = smtp.codeOf(mail);

    // The §5 rules in the form, with the spec's messages.
    await page.getByPlaceholder('123456').fill(code);
    await page.getByPlaceholder('新しいパスワード', { exact: true }).fill('abcdefgh');
    await page.getByPlaceholder('新しいパスワード（確認）').fill('abcdefgh1');
    await page.getByRole('button', { name: 'パスワードを再設定' }).click();
    await visible(page, 'パスワードを6文字以上20文字以内で入力してください。').toBe(true);
    await page.getByPlaceholder('新しいパスワード', { exact: true }).fill('haru2026');
    await page.getByRole('button', { name: 'パスワードを再設定' }).click();
    await visible(page, 'パスワードが一致しません。').toBe(true);
    await screenshot(page, 'forget-code');
    await page.getByPlaceholder('新しいパスワード（確認）').fill('haru2026');
    await page.getByRole('button', { name: 'パスワードを再設定' }).click();
    await visible(page, 'パスワードを再設定しました').toBe(true);
    await screenshot(page, 'forget-done');

    expect(await infoStatus(oldToken)).toBe(401);
    await page.getByRole('button', { name: 'ログイン画面へ' }).click();
    await page.waitForURL(/#\/login$/);
    await signInThroughForm(page, 'teacher01', 'pass1234');
    await visible(page, 'アカウントID（メールアドレス）またはパスワードが正しくありません。').toBe(true);
    await signInThroughForm(page, 'teacher01', 'haru2026');
    await page.waitForURL(/#\/homework-management$/);
  });

  it('a wrong code is refused in Japanese, and an unknown address looks the same as a known one', async () => {
    await page.goto(`${server.url}/#/forget`);
    await page.getByPlaceholder('example@school.jp').fill('nobody@example.com');
    await page.getByRole('button', { name: '確認コードを送信' }).click();
    await visible(page, 'nobody@example.com が登録されている場合、確認コードを送信しました').toBe(true);
    await page.getByPlaceholder('123456').fill('000000');
    await page.getByPlaceholder('新しいパスワード', { exact: true }).fill('haru2026');
    await page.getByPlaceholder('新しいパスワード（確認）').fill('haru2026');
    await page.getByRole('button', { name: 'パスワードを再設定' }).click();
    await visible(page, '確認コードが正しくないか、有効期限が切れています。').toBe(true);
  });
});

describe('account screen', () => {
  it('changes nickname, e-mail and password; then signs in with the new password', async () => {
    const otherDevice = (await apiSignIn(server.url, 'teacher02', 'pass1234'))!;
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, 'teacher02', 'pass1234');
    await page.waitForURL(/#\/homework-management$/);
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'アカウント設定' }).click();
    await page.waitForURL(/#\/person$/);
    await expect.poll(() => page.getByRole('button', { name: '戻る' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('current-email').textContent()).toBe('teacher02@example.com');
    await expect.poll(() => page.getByRole('menuitem', { name: 'ログアウト' }).isVisible()).toBe(false);
    await screenshot(page, 'person');

    // Profile: required, emoji, then saved and shown in the header.
    const nickname = page.getByPlaceholder('例：山田 花子');
    await nickname.fill('   ');
    await page.getByTestId('profile-card').getByRole('button', { name: '保存' }).click();
    await visible(page, '氏名を入力してください。').toBe(true);
    await nickname.fill('佐藤 健😀');
    await page.getByTestId('profile-card').getByRole('button', { name: '保存' }).click();
    await visible(page, '無効な文字が含まれています。修正してください。').toBe(true);
    await screenshot(page, 'person-profile-errors');
    // Over the maximum: the spec's toast, and the field keeps the first 20 characters.
    await nickname.fill('あ'.repeat(25));
    await visible(page, '字数制限を超えています').toBe(true);
    expect(await nickname.inputValue()).toBe('あ'.repeat(20));
    await nickname.fill('佐藤 健太');
    await page.getByTestId('profile-card').getByRole('button', { name: '保存' }).click();
    await visible(page, 'プロフィールを保存しました。').toBe(true);
    await expect.poll(() => page.getByTestId('account-menu').textContent()).toContain('佐藤 健太');

    // E-mail: the same address is refused; a new one gets a code by mail.
    const newEmail = page.getByTestId('email-card').getByPlaceholder('example@school.jp');
    await newEmail.fill('teacher02@example.com');
    await page.getByRole('button', { name: '確認コードを送信' }).click();
    await visible(page, '現在のメールアドレスとは異なるメールアドレスを入力してください。').toBe(true);
    const since = smtp.received.length;
    await newEmail.fill('sato.kenta@example.com');
    await page.getByRole('button', { name: '確認コードを送信' }).click();
    await visible(page, 'sato.kenta@example.com に確認コードを送信しました。').toBe(true);
    const code = smtp.codeOf(await smtp.waitFor('sato.kenta@example.com', since));
    await page.getByTestId('email-card').getByPlaceholder('123456').fill(code);
    await screenshot(page, 'person-email-code');
    await page.getByRole('button', { name: 'メールアドレスを変更' }).click();
    await visible(page, 'メールアドレスを変更しました。').toBe(true);
    await expect.poll(() => page.getByTestId('current-email').textContent()).toBe('sato.kenta@example.com');

    // Password: the §5 rules, then the change.
    const card = page.getByTestId('password-card');
    await card.getByPlaceholder('現在のパスワード').fill('pass1234');
    await card.getByPlaceholder('新しいパスワード', { exact: true }).fill('pass1234');
    await card.getByPlaceholder('新しいパスワード（確認）').fill('pass1234');
    await card.getByRole('button', { name: 'パスワードを変更' }).click();
    await visible(page, '新しいパスワードは現在のパスワードと異なるものを入力してください。').toBe(true);
    await card.getByPlaceholder('新しいパスワード', { exact: true }).fill('12345678');
    await card.getByRole('button', { name: 'パスワードを変更' }).click();
    await visible(page, 'パスワードを6文字以上20文字以内で入力してください。').toBe(true);
    await card.getByPlaceholder('新しいパスワード', { exact: true }).fill('natsu2026');
    await card.getByRole('button', { name: 'パスワードを変更' }).click();
    await visible(page, 'パスワードが一致しません。').toBe(true);
    await screenshot(page, 'person-password-errors');
    await card.getByPlaceholder('現在のパスワード').fill('wrong1234');
    await card.getByPlaceholder('新しいパスワード（確認）').fill('natsu2026');
    await card.getByRole('button', { name: 'パスワードを変更' }).click();
    await visible(page, '現在のパスワードが正しくありません。').toBe(true);
    await card.getByPlaceholder('現在のパスワード').fill('pass1234');
    await card.getByRole('button', { name: 'パスワードを変更' }).click();
    await visible(page, 'パスワードを変更しました。').toBe(true);

    // This session stays; the other device is signed out.
    expect(await infoStatus(otherDevice)).toBe(401);
    await page.reload();
    await expect.poll(() => page.getByTestId('current-email').textContent()).toBe('sato.kenta@example.com');

    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await page.waitForURL(/#\/login$/);
    await signInThroughForm(page, 'sato.kenta@example.com', 'pass1234');
    await visible(page, 'アカウントID（メールアドレス）またはパスワードが正しくありません。').toBe(true);
    await signInThroughForm(page, 'sato.kenta@example.com', 'natsu2026');
    await page.waitForURL(/#\/homework-management$/);
    await expect.poll(() => page.getByTestId('account-menu').textContent()).toContain('佐藤 健太');
  });

  it('sends the guest type away from /person', async () => {
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, 'guest01', 'pass1234');
    await page.waitForURL(/#\/homework-management$/);
    await page.goto(`${server.url}/#/person`);
    await page.waitForURL(/#\/homework-management$/);
  });
});

describe('without SMTP_URL', () => {
  it('a newcomer reads the reset code on the local mailbox page', async () => {
    const local = await startServer();
    try {
      await page.goto(`${local.url}/#/forget`);
      await page.getByPlaceholder('example@school.jp').fill('teacher01@example.com');
      await page.getByRole('button', { name: '確認コードを送信' }).click();
      await visible(page, '確認コードを送信しました').toBe(true);
      // The reset mail is sent after the reply (a known address must answer like an unknown one),
      // so on a busy machine it may reach the mailbox a moment later: reload until it is there.
      const mailbox = await browser.context.newPage();
      const link = mailbox.getByRole('link', { name: '【音読】パスワード再設定の確認コード' });
      for (let i = 0; i < 60; i++) {
        await mailbox.goto(`${local.url}/dev/mailbox`);
        if ((await link.count()) > 0) break;
        await mailbox.waitForTimeout(250);
      }
      await link.click();
      const text = await mailbox.getByTestId('mail-text').textContent();
      const code = /確認コード：(\d{6})/.exec(text ?? '')![1]!;
      await screenshot(mailbox, 'dev-mailbox');
      await page.getByPlaceholder('123456').fill(code);
      await page.getByPlaceholder('新しいパスワード', { exact: true }).fill('aki2026x');
      await page.getByPlaceholder('新しいパスワード（確認）').fill('aki2026x');
      await page.getByRole('button', { name: 'パスワードを再設定' }).click();
      await visible(page, 'パスワードを再設定しました').toBe(true);
    } finally {
      await local.stop();
    }
  });
});
