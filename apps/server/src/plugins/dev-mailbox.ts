import fs from 'node:fs/promises';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { AppError } from '../lib/app-error.js';
import { listStoredMails, readStoredMail, type Mailer } from '../lib/mailer.js';
import { esc } from '../lib/html.js';

/**
 * The local mailbox: the mails the file mailer wrote to DATA_DIR/mail, at /dev/mailbox.
 * It shows password-reset codes, so it exists only when SMTP_URL is unset and answers only
 * requests made from this machine: the socket's peer must be loopback (X-Forwarded-For and
 * the like are not believed, and a request carrying them, i.e. relayed by a proxy, is refused).
 */
const LOOPBACK = new Set(['127.0.0.1', '::1', '::ffff:127.0.0.1']);

export const isLoopbackRequest = (request: FastifyRequest) =>
  LOOPBACK.has(request.raw.socket.remoteAddress ?? '') &&
  !request.headers['x-forwarded-for'] &&
  !request.headers.forwarded &&
  !request.headers['x-real-ip'];

const page = (title: string, body: string) => `<!doctype html>
<html lang="ja"><head><meta charset="utf-8"><meta name="robots" content="noindex">
<title>${esc(title)}</title>
<style>
body{font-family:system-ui,"Hiragino Sans","Noto Sans CJK JP",sans-serif;margin:0;background:#f4f6f5;color:#222}
header{background:#1f7a5c;color:#fff;padding:12px 24px}header a{color:#fff}
main{max-width:900px;margin:24px auto;padding:0 24px}
table{width:100%;border-collapse:collapse;background:#fff}td,th{padding:8px 12px;border-bottom:1px solid #e8ecea;text-align:left}
pre{white-space:pre-wrap;background:#fff;padding:16px;border:1px solid #e8ecea}
iframe{width:100%;height:420px;border:1px solid #e8ecea;background:#fff}
.note{color:#666;font-size:13px}
</style></head><body><header><a href="/dev/mailbox">ローカルメールボックス</a></header><main>${body}</main></body></html>`;

export function registerDevMailbox(app: FastifyInstance, mailer: Mailer) {
  const mailDir = mailer.mailDir;
  if (mailer.kind !== 'file' || !mailDir) return;

  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!isLoopbackRequest(request)) throw AppError.forbidden();
    reply.header('cache-control', 'no-store').header('x-frame-options', 'DENY');
  };

  app.get('/dev/mailbox', { onRequest: guard, schema: { hide: true } }, async (_request, reply) => {
    const mails = await listStoredMails(mailDir);
    const rows = mails
      .map(
        (m) =>
          `<tr><td>${esc(new Date(m.date).toLocaleString('ja-JP', { timeZone: 'Asia/Tokyo' }))}</td><td>${esc(m.to)}</td>` +
          `<td><a href="/dev/mailbox/${m.id}">${esc(m.subject)}</a></td></tr>`,
      )
      .join('');
    const body =
      `<h1>ローカルメールボックス</h1><p class="note">SMTP_URL が未設定のため、送信メールは ${esc(mailDir)} に保存されています。` +
      `このページはこのコンピューターからのみ表示できます。</p>` +
      (mails.length
        ? `<table><thead><tr><th>日時</th><th>宛先</th><th>件名</th></tr></thead><tbody>${rows}</tbody></table>`
        : '<p>メールはまだありません。</p>');
    return reply.type('text/html; charset=utf-8').send(page('ローカルメールボックス', body));
  });

  app.get<{ Params: { id: string } }>(
    '/dev/mailbox/:id',
    { onRequest: guard, schema: { hide: true } },
    async (request, reply) => {
      const raw = request.params.id.endsWith('.eml');
      const id = raw ? request.params.id.slice(0, -4) : request.params.id;
      const mail = await readStoredMail(mailDir, id);
      if (!mail) throw AppError.notFound();
      if (raw) {
        const eml = await fs.readFile(path.join(mailDir, `${id}.eml`));
        return reply.type('message/rfc822').header('content-disposition', `attachment; filename="${id}.eml"`).send(eml);
      }
      const body =
        `<h1>${esc(mail.subject)}</h1><p class="note">宛先: ${esc(mail.to)} / ` +
        `<a href="/dev/mailbox/${id}.eml">.eml をダウンロード</a></p>` +
        `<h2>テキスト</h2><pre data-testid="mail-text">${esc(mail.text)}</pre>` +
        `<h2>HTML</h2><iframe sandbox="" srcdoc="${esc(mail.html)}"></iframe>`;
      return reply.type('text/html; charset=utf-8').send(page(mail.subject, body));
    },
  );
}
