import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import {
  apiSignIn,
  codeOf,
  createTeacher,
  openBrowser,
  screenshot,
  sharedServer,
  signInThroughForm,
  waitForMail,
  type TestTeacher,
} from './harness';

/**
 * Account self-service as a teacher does it: the forgotten-password flow from the login screen
 * with the code read from the local mailbox (the e2e server has no SMTP_URL; real SMTP delivery
 * is covered by the server's tests), and the account screen (profile, e-mail, password).
 */
const server = sharedServer();
let browser: Awaited<ReturnType<typeof openBrowser>>;
let page: Page;
/** This spec's own teachers: one resets a forgotten password, one edits the account, a guest. */
let forgetful: TestTeacher;
let editor: TestTeacher;
let guest: TestTeacher;
let newcomer: TestTeacher;
const RESET_SUBJECT = '【音読】パスワード再設定の確認コード';
const EMAIL_SUBJECT = '【音読】メールアドレス変更の確認コード';

beforeAll(async () => {
  forgetful = await createTeacher(server, { prefix: 'forget', nickname: '山田 花子' });
  editor = await createTeacher(server, { prefix: 'person', nickname: '佐藤 健' });
  guest = await createTeacher(server, { prefix: 'person-guest', nickname: 'ゲスト', guest: true });
  newcomer = await createTeacher(server, { prefix: 'mailbox', nickname: '鈴木 一郎' });
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
    const oldToken = (await apiSignIn(server.url, forgetful.loginId, forgetful.password))!;
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

    await page.getByPlaceholder('example@school.jp').fill(forgetful.email);
    await page.getByRole('button', { name: '確認コードを送信' }).click();
    await visible(page, '確認コードを送信しました').toBe(true);
    const code = codeOf(await waitForMail(server.url, forgetful.email, RESET_SUBJECT));

    // The password rules in the form (6–20 half-width letters and digits, both entries alike), with
    // the spec's messages.
    await page.getByPlaceholder('123456').fill(code);
    await page.getByPlaceholder('新しいパスワード', { exact: true }).fill('abcdefgh');
    await page.getByPlaceholder('新しいパスワード（確認）').fill('abcdefgh1');
    await page.getByRole('button', { name: 'パスワードを再設定' }).click();
    // Letters only: the message says what is wrong (docs/classes.md, "Edges": passwords).
    await visible(page, 'パスワードは英字と数字を組み合わせてください。').toBe(true);
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
    await signInThroughForm(page, forgetful.loginId, forgetful.password);
    await visible(page, 'アカウントID（メールアドレス）またはパスワードが正しくありません。').toBe(true);
    await signInThroughForm(page, forgetful.loginId, 'haru2026');
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
    const otherDevice = (await apiSignIn(server.url, editor.loginId, editor.password))!;
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, editor.loginId, editor.password);
    await page.waitForURL(/#\/homework-management$/);
    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'アカウント設定' }).click();
    await page.waitForURL(/#\/person$/);
    await expect.poll(() => page.getByRole('button', { name: '戻る' }).isVisible()).toBe(true);
    await expect.poll(() => page.getByTestId('current-email').textContent()).toBe(editor.email);
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
    // Over the maximum: the spec's toast, and the text stays as typed and invalid, never cut
    // (docs/classes.md, "Edges": over-long input).
    await nickname.fill('あ'.repeat(25));
    await visible(page, '字数制限を超えています').toBe(true);
    expect(await nickname.inputValue()).toBe('あ'.repeat(25));
    await nickname.fill('佐藤 健太');
    await page.getByTestId('profile-card').getByRole('button', { name: '保存' }).click();
    await visible(page, 'プロフィールを保存しました。').toBe(true);
    await expect.poll(() => page.getByTestId('account-menu').textContent()).toContain('佐藤 健太');

    // E-mail: the same address is refused; a new one gets a code by mail.
    const newEmail = page.getByTestId('email-card').getByPlaceholder('example@school.jp');
    await newEmail.fill(editor.email);
    await page.getByRole('button', { name: '確認コードを送信' }).click();
    await visible(page, '現在のメールアドレスとは異なるメールアドレスを入力してください。').toBe(true);
    const changed = `new-${editor.email}`;
    await newEmail.fill(changed);
    await page.getByRole('button', { name: '確認コードを送信' }).click();
    await visible(page, `${changed} に確認コードを送信しました。`).toBe(true);
    const code = codeOf(await waitForMail(server.url, changed, EMAIL_SUBJECT));
    await page.getByTestId('email-card').getByPlaceholder('123456').fill(code);
    await screenshot(page, 'person-email-code');
    await page.getByRole('button', { name: 'メールアドレスを変更' }).click();
    await visible(page, 'メールアドレスを変更しました。').toBe(true);
    await expect.poll(() => page.getByTestId('current-email').textContent()).toBe(changed);

    // Password: the rules (6–20 letters and digits, different from the old one), then the change.
    const card = page.getByTestId('password-card');
    await card.getByPlaceholder('現在のパスワード').fill('pass1234');
    await card.getByPlaceholder('新しいパスワード', { exact: true }).fill('pass1234');
    await card.getByPlaceholder('新しいパスワード（確認）').fill('pass1234');
    await card.getByRole('button', { name: 'パスワードを変更' }).click();
    await visible(page, '新しいパスワードは現在のパスワードと異なるものを入力してください。').toBe(true);
    await card.getByPlaceholder('新しいパスワード', { exact: true }).fill('12345678');
    await card.getByRole('button', { name: 'パスワードを変更' }).click();
    await visible(page, 'パスワードは英字と数字を組み合わせてください。').toBe(true);
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
    await expect.poll(() => page.getByTestId('current-email').textContent()).toBe(changed);

    await page.getByTestId('account-menu').click();
    await page.getByRole('menuitem', { name: 'ログアウト' }).click();
    await page.waitForURL(/#\/login$/);
    await signInThroughForm(page, changed, editor.password);
    await visible(page, 'アカウントID（メールアドレス）またはパスワードが正しくありません。').toBe(true);
    await signInThroughForm(page, changed, 'natsu2026');
    await page.waitForURL(/#\/homework-management$/);
    await expect.poll(() => page.getByTestId('account-menu').textContent()).toContain('佐藤 健太');
  });

  it('sends the guest type away from /person', async () => {
    await page.goto(`${server.url}/#/login`);
    await signInThroughForm(page, guest.loginId, guest.password);
    await page.waitForURL(/#\/homework-management$/);
    await page.goto(`${server.url}/#/person`);
    await page.waitForURL(/#\/homework-management$/);
  });
});

describe('without SMTP_URL', () => {
  it('a newcomer reads the reset code on the local mailbox page', async () => {
    await page.goto(`${server.url}/#/forget`);
    await page.getByPlaceholder('example@school.jp').fill(newcomer.email);
    await page.getByRole('button', { name: '確認コードを送信' }).click();
    await visible(page, '確認コードを送信しました').toBe(true);
    // The reset mail is sent after the reply (a known address must answer like an unknown one),
    // so on a busy machine it may reach the mailbox a moment later: wait for it, then open it
    // on the mailbox page as a newcomer would.
    const { id } = await waitForMail(server.url, newcomer.email, RESET_SUBJECT);
    const mailbox = await browser.context.newPage();
    await mailbox.goto(`${server.url}/dev/mailbox`);
    await mailbox.locator(`a[href="/dev/mailbox/${id}"]`).click();
    const text = await mailbox.getByTestId('mail-text').textContent();
    const code = /確認コード：(\d{6})/.exec(text ?? '')![1]!;
    await screenshot(mailbox, 'dev-mailbox');
    await page.getByPlaceholder('123456').fill(code);
    await page.getByPlaceholder('新しいパスワード', { exact: true }).fill('aki2026x');
    await page.getByPlaceholder('新しいパスワード（確認）').fill('aki2026x');
    await page.getByRole('button', { name: 'パスワードを再設定' }).click();
    await visible(page, 'パスワードを再設定しました').toBe(true);
  });
});
