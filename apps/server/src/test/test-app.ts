import { generateKeyPairSync } from 'node:crypto';
import { constants, publicEncrypt } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp } from '../app.js';
import { openPglite, openPostgres, type Database } from '../db/client.js';
import { runMigrations } from '../db/migrate.js';
import { createMailer } from '../lib/mailer.js';
import { loadPasswordCipher } from '../lib/rsa-keys.js';
import { secretBoxFromKey } from '../lib/secret-box.js';

/**
 * A fresh application on a fresh database for one test file: in-memory PGlite by default, or a
 * new PostgreSQL database (created and dropped here) when the test project sets TEST_DB=postgres
 * with TEST_DATABASE_URL.
 */
let sharedKey: string | undefined;
const testKey = () =>
  (sharedKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString());

async function openTestDatabase(): Promise<Database> {
  if (process.env.TEST_DB !== 'postgres') return openPglite('memory');
  const adminUrl = process.env.TEST_DATABASE_URL;
  if (!adminUrl) throw new Error('TEST_DB=postgres needs TEST_DATABASE_URL');
  const name = `ondoku_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: adminUrl });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    async close() {
      await database.close();
      const a = new pg.Client({ connectionString: adminUrl });
      await a.connect();
      await a.query(`drop database if exists ${name} with (force)`);
      await a.end();
    },
  };
}

/**
 * `smtpUrl`: send mail to that SMTP peer (see test/smtp-peer.ts); otherwise mail is written as
 * .eml files in a temporary folder (`mailDir`).
 */
export async function buildTestApp(opts: { liveLessonUrl?: string; smtpUrl?: string } = {}) {
  const database = await openTestDatabase();
  await runMigrations(database.pool);
  const cipher = await loadPasswordCipher({ dataDir: '/nonexistent', privateKeyPem: testKey() });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-test-'));
  const mailer = createMailer({ smtpUrl: opts.smtpUrl, from: 'Ondoku Test <test@ondoku.invalid>', dataDir });
  const secretBox = secretBoxFromKey(randomBytes(32));
  const app = await buildApp({ database, cipher, mailer, secretBox, liveLessonUrl: opts.liveLessonUrl ?? null });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    mailer,
    secretBox,
    /** What the browser does: RSA-OAEP SHA-256 with the server's public key, base64. */
    encrypt: (password: string) =>
      publicEncrypt(
        { key: cipher.publicKeyPem, padding: constants.RSA_PKCS1_OAEP_PADDING, oaepHash: 'sha256' },
        Buffer.from(password),
      ).toString('base64'),
    async close() {
      await app.close();
      mailer.close();
      await database.close();
      await fs.rm(dataDir, { recursive: true, force: true });
    },
  };
}

export type TestApp = Awaited<ReturnType<typeof buildTestApp>>;
