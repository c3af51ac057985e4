import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

/**
 * A real SMTP server on a loopback port for tests (API and e2e): the app sends to it through
 * SMTP_URL exactly as to a school's mail server, and the test reads what arrived.
 */
export interface ReceivedMail {
  to: string[];
  subject: string;
  text: string;
  html: string;
  raw: string;
}

export interface SmtpPeer {
  url: string;
  received: ReceivedMail[];
  /** The next mail to `to` that arrives after `since` received mails (polls for up to 10 s). */
  waitFor(to: string, since?: number): Promise<ReceivedMail>;
  /** The 6-digit code of a mail. */
  codeOf(mail: ReceivedMail): string;
  close(): Promise<void>;
}

export async function startSmtpPeer(): Promise<SmtpPeer> {
  const received: ReceivedMail[] = [];
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    // Addresses starting with "bounce" are refused, to test a failing mail server.
    onRcptTo(address, _session, callback) {
      if (address.address.startsWith('bounce')) callback(new Error('mailbox unavailable'));
      else callback();
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), ...parseMail(raw), raw });
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.server.address() as AddressInfo;
  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    async waitFor(to, since = 0) {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const found = received.slice(since).find((m) => m.to.includes(to));
        if (found) return found;
        if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived`);
        await new Promise((r) => setTimeout(r, 50));
      }
    },
    codeOf(mail) {
      const m = /確認コード：(\d{6})/.exec(mail.text);
      if (!m) throw new Error(`no code in mail:\n${mail.text}`);
      return m[1]!;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Enough MIME to read what our mailer writes: encoded-word subject, base64 or QP text parts. */
export function parseMail(raw: string): { subject: string; text: string; html: string } {
  const headerEnd = raw.search(/\r?\n\r?\n/);
  const headers = raw.slice(0, headerEnd).replace(/\r?\n[ \t]+/g, ' ');
  const subjectLine = /^Subject: (.*)$/im.exec(headers)?.[1] ?? '';
  const subject = subjectLine.replace(/=\?UTF-8\?([BQ])\?([^?]*)\?=\s*/gi, (_, enc: string, data: string) =>
    enc.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
  return { subject, text: partOf(raw, 'text/plain'), html: partOf(raw, 'text/html') };
}

function partOf(raw: string, type: string): string {
  const re = new RegExp(
    `Content-Type: ${type}[^\\n]*\\r?\\n((?:[^\\r\\n]+\\r?\\n)*)\\r?\\n([\\s\\S]*?)(?=\\r?\\n--|$)`,
    'i',
  );
  const m = re.exec(raw);
  if (!m) return '';
  const partHeaders = m[1] ?? '';
  const body = m[2] ?? '';
  if (/Content-Transfer-Encoding: base64/i.test(partHeaders)) {
    return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  }
  if (/Content-Transfer-Encoding: quoted-printable/i.test(partHeaders)) return decodeQuotedPrintable(body);
  return body;
}

function decodeQuotedPrintable(s: string): string {
  const bytes: number[] = [];
  const soft = s.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    if (soft[i] === '=' && /^[0-9A-F]{2}$/i.test(soft.slice(i + 1, i + 3))) {
      bytes.push(parseInt(soft.slice(i + 1, i + 3), 16));
      i += 2;
    } else bytes.push(...Buffer.from(soft[i]!, 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}
