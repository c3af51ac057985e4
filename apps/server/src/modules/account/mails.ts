import { limits } from '@ondoku/contract';
import type { MailMessage } from '../../lib/mailer.js';
import { esc } from '../../lib/html.js';

/** The Japanese mails of account self-service: plain text plus the same content in HTML. */
const { ttlMinutes } = limits.verificationCode;
const FOOTER = '※このメールは送信専用です。お心当たりのない場合は、このメールを破棄してください。';

function codeMail(to: string, subject: string, greeting: string, lead: string, code: string): MailMessage {
  const text = [
    greeting,
    '',
    lead,
    '',
    `確認コード：${code}`,
    '',
    `このコードの有効期限は${ttlMinutes}分です。入力を5回間違えると無効になります。`,
    '',
    FOOTER,
    '',
    '音読 Ondoku',
  ].join('\n');
  const html = `<!doctype html><html lang="ja"><body style="font-family:sans-serif;color:#222;line-height:1.7">
<p>${esc(greeting)}</p>
<p>${esc(lead)}</p>
<p style="font-size:28px;font-weight:bold;letter-spacing:6px;color:#1f7a5c">${esc(code)}</p>
<p>このコードの有効期限は${ttlMinutes}分です。入力を5回間違えると無効になります。</p>
<p style="color:#888;font-size:12px">${esc(FOOTER)}</p>
<p>音読 Ondoku</p>
</body></html>`;
  return { to, subject, text, html };
}

export const resetPasswordMail = (to: string, nickname: string, code: string) =>
  codeMail(
    to,
    '【音読】パスワード再設定の確認コード',
    `${nickname} 様`,
    'パスワード再設定のご依頼を受け付けました。パスワード再設定画面で次の確認コードを入力してください。',
    code,
  );

export const emailChangeMail = (to: string, nickname: string, code: string) =>
  codeMail(
    to,
    '【音読】メールアドレス変更の確認コード',
    `${nickname} 様`,
    'メールアドレス変更のご依頼を受け付けました。アカウント設定画面で次の確認コードを入力してください。',
    code,
  );
