import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';

/**
 * Outgoing mail. With SMTP_URL, a real SMTP server (nodemailer). Without it, the embedded
 * default: each message is written to DATA_DIR/mail as an .eml file (plus a small .json with
 * what the local mailbox page lists), so a newcomer can finish a password reset with no mail
 * server at all. See docs/account.md.
 */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Files sent with the mail (reports); the local mailbox lists them by name. */
  attachments?: { filename: string; content: Buffer; contentType: string }[];
}

export interface StoredMail {
  id: string;
  to: string;
  subject: string;
  text: string;
  html: string;
  date: string;
  /** Names of attached files. */
  attachments?: string[];
}

export interface Mailer {
  kind: 'smtp' | 'file';
  send(message: MailMessage): Promise<void>;
  /** The folder of the file mailer (the local mailbox reads it); null for SMTP. */
  mailDir: string | null;
  close(): void;
}

export function createMailer(opts: { smtpUrl?: string; from: string; dataDir: string }): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      kind: 'smtp',
      mailDir: null,
      async send(m) {
        await transport.sendMail({ from: opts.from, ...m, textEncoding: 'base64' });
      },
      close: () => transport.close(),
    };
  }
  const mailDir = path.join(opts.dataDir, 'mail');
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    kind: 'file',
    mailDir,
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, ...m, textEncoding: 'base64' });
      const date = new Date();
      // Sortable, unguessable and safe as a file name.
      const id = `${date.getTime()}-${randomBytes(6).toString('hex')}`;
      await fs.mkdir(mailDir, { recursive: true, mode: 0o700 });
      await fs.writeFile(path.join(mailDir, `${id}.eml`), info.message as Buffer, { mode: 0o600 });
      const { attachments, ...rest } = m;
      const stored: StoredMail = {
        id,
        ...rest,
        date: date.toISOString(),
        ...(attachments?.length ? { attachments: attachments.map((a) => a.filename) } : {}),
      };
      await fs.writeFile(path.join(mailDir, `${id}.json`), JSON.stringify(stored), { mode: 0o600 });
    },
    close() {},
  };
}

export const MAIL_ID = /^\d{13}-[0-9a-f]{12}$/;

/** The newest stored mails first (file mailer only). */
export async function listStoredMails(mailDir: string, max = 100): Promise<StoredMail[]> {
  let names: string[];
  try {
    names = await fs.readdir(mailDir);
  } catch {
    return [];
  }
  const ids = names
    .filter((n) => n.endsWith('.json'))
    .map((n) => n.slice(0, -5))
    .filter((id) => MAIL_ID.test(id))
    .sort()
    .reverse()
    .slice(0, max);
  const out: StoredMail[] = [];
  for (const id of ids) {
    const mail = await readStoredMail(mailDir, id);
    if (mail) out.push(mail);
  }
  return out;
}

export async function readStoredMail(mailDir: string, id: string): Promise<StoredMail | null> {
  if (!MAIL_ID.test(id)) return null;
  try {
    return JSON.parse(await fs.readFile(path.join(mailDir, `${id}.json`), 'utf8')) as StoredMail;
  } catch {
    return null;
  }
}
