import { generateKeyPairSync } from 'node:crypto';
import { constants, publicEncrypt } from 'node:crypto';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { buildApp, type ServerTimeouts } from '../app.js';
import type { Clock } from '../lib/clock.js';
import type { RecordingUrl } from '../modules/results/index.js';
import type { SpeechService } from '../modules/evaluation/speech-service.js';
import type { MissedItemsSource } from '../modules/homework/index.js';
import { inject } from 'vitest';
import { openPostgres, type Database } from '../db/client.js';
import { createMailer } from '../lib/mailer.js';
import { loadPasswordCipher } from '../lib/rsa-keys.js';
import { secretBoxFromKey } from '../lib/secret-box.js';
import { createLocalStorage } from '../lib/storage.js';
import { directSynthesizer, type LibraryMedia } from '../modules/library/index.js';
import { testSynthesisCacheDir } from './library-files.js';

/**
 * A fresh application on a fresh database for one test file: a new database created from the
 * migrated template that test/database-setup.ts (the project's globalSetup) made on the embedded
 * PostgreSQL, or on TEST_DATABASE_URL's server for the api-postgres project; dropped by close().
 */
let sharedKey: string | undefined;
const testKey = () =>
  (sharedKey ??= generateKeyPairSync('rsa', { modulusLength: 2048 })
    .privateKey.export({ type: 'pkcs8', format: 'pem' })
    .toString());

async function adminQuery(adminUrl: string, sql: string) {
  const c = new pg.Client({ connectionString: adminUrl });
  await c.connect();
  try {
    await c.query(sql);
  } finally {
    await c.end();
  }
}

async function openTestDatabase(): Promise<Database> {
  const adminUrl = inject('testAdminUrl');
  const template = inject('testTemplate');
  if (!adminUrl || !template) throw new Error('the API test projects need test/database-setup.ts as globalSetup');
  const name = `ondoku_test_${randomBytes(6).toString('hex')}`;
  // Files start in parallel: a CREATE DATABASE may meet the template briefly busy; try again.
  for (let attempt = 0; ; attempt++) {
    try {
      await adminQuery(adminUrl, `create database ${name} template ${template}`);
      break;
    } catch (e) {
      if (attempt >= 20 || !/being accessed by other users/.test((e as Error).message)) throw e;
      await new Promise((r) => setTimeout(r, 100 + Math.random() * 200));
    }
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  const database = await openPostgres(url.toString());
  return {
    ...database,
    async close() {
      await database.close();
      await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
    },
  };
}

/**
 * `smtpUrl`: send mail to that SMTP peer (see test/smtp-peer.ts); otherwise mail is written as
 * .eml files in a temporary folder (`mailDir`). `webDist`, `learnDist`: serve those built web app folders.
 */
export async function buildTestApp(
  opts: {
    /** A second application on the database of this one (a second server process): not dropped by close(). */
    sameDatabaseAs?: { database: Database };
    liveLessonUrl?: string;
    smtpUrl?: string;
    webDist?: string;
    learnDist?: string;
    trustProxy?: number | string[];
    timeouts?: Partial<ServerTimeouts>;
    clock?: Clock;
    missedItems?: MissedItemsSource;
    recordingUrl?: RecordingUrl;
    /** false: answer reads from the read caches without first hearing every committed change (app.ts). */
    syncBeforeEachRequest?: boolean;
    /** The speech workers (e.g. with other capacity settings); the caller closes them. */
    speech?: SpeechService;
    /** Fastify's logger (e.g. `{ level: 'info', stream }` to read what a run logs); none by default. */
    logger?: Parameters<typeof buildApp>[0]['logger'];
  } = {},
) {
  const database = opts.sameDatabaseAs
    ? await openPostgres(opts.sameDatabaseAs.database.pool.options.connectionString!)
    : await openTestDatabase();
  const cipher = await loadPasswordCipher({ dataDir: '/nonexistent', privateKeyPem: testKey() });
  const dataDir = await fs.mkdtemp(path.join(os.tmpdir(), 'ondoku-test-'));
  const mailer = createMailer({ smtpUrl: opts.smtpUrl, from: 'Ondoku Test <test@ondoku.invalid>', dataDir });
  const secretBox = secretBoxFromKey(randomBytes(32));
  // The template's library files; files a test adds (classroom material) join them (content-addressed).
  const storage = createLocalStorage(inject('testFilesDir'));
  const media: LibraryMedia = { storage, synth: directSynthesizer, cacheDir: testSynthesisCacheDir };
  const app = await buildApp({
    storage,
    database,
    cipher,
    mailer,
    secretBox,
    liveLessonUrl: opts.liveLessonUrl ?? null,
    webDist: opts.webDist,
    learnDist: opts.learnDist,
    recordingUrl: opts.recordingUrl,
    trustProxy: opts.trustProxy,
    timeouts: opts.timeouts,
    clock: opts.clock,
    missedItems: opts.missedItems,
    syncBeforeEachRequest: opts.syncBeforeEachRequest ?? true,
    speech: opts.speech,
    logger: opts.logger,
    media,
  });
  await app.ready();
  return {
    app,
    db: database.db,
    database,
    mailer,
    secretBox,
    storage,
    /** Storage and synthesis for library writes (classroom material, installs). */
    media,
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
