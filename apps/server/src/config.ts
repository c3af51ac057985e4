import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Configuration from the environment, with the defaults documented in the README.
 * Read once at start; everything else receives the resulting object.
 */
export interface Config {
  port: number;
  host: string;
  dataDir: string;
  /** Unset: embedded PostgreSQL in DATA_DIR/postgres. Set: that PostgreSQL. */
  databaseUrl: string | undefined;
  /** RSA private key (PKCS#8 PEM) for password transport; unset: created in DATA_DIR/keys. */
  rsaPrivateKey: string | undefined;
  /** AES-256 key (base64) for students' printable initial passwords; unset: created in DATA_DIR/keys. */
  studentPasswordKey: string | undefined;
  logLevel: string;
  /** Directory of the built web app served at /. */
  webDist: string;
  /** Create demo data on first start of an empty database. */
  seedDemo: boolean;
  /** Trust X-Forwarded-For (behind a reverse proxy). */
  trustProxy: boolean;
  /** The live-lesson service opened from the menu for teachers with showLive. */
  liveLessonUrl: string | null;
  /** Speech worker threads for evaluation and text-to-speech. */
  speechWorkers: number;
  /** The acoustic model folder (packages/speech/model). */
  speechModelDir: string;
  /** SMTP server for outgoing mail (smtp:// or smtps://); unset: .eml files in DATA_DIR/mail and the local mailbox. */
  smtpUrl: string | undefined;
  /** The From of outgoing mail. */
  mailFrom: string;
}

const bool = (v: string | undefined, def: boolean) =>
  v === undefined || v === '' ? def : ['1', 'true', 'yes', 'on'].includes(v.toLowerCase());

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const port = Number(env.PORT ?? 3000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got "${env.PORT}"`);
  }
  const root = findRepoRoot(import.meta.dirname);
  return {
    port,
    host: env.HOST ?? '0.0.0.0',
    dataDir: path.resolve(env.DATA_DIR ?? './data'),
    databaseUrl: env.DATABASE_URL || undefined,
    rsaPrivateKey: env.RSA_PRIVATE_KEY || undefined,
    studentPasswordKey: env.STUDENT_PASSWORD_KEY || undefined,
    logLevel: env.LOG_LEVEL ?? 'info',
    webDist: path.resolve(env.WEB_DIST ?? path.join(root, 'apps/web/dist')),
    seedDemo: bool(env.SEED_DEMO, true),
    trustProxy: bool(env.TRUST_PROXY, false),
    liveLessonUrl: env.LIVE_LESSON_URL || null,
    speechWorkers: Math.max(1, Number(env.SPEECH_WORKERS) || Math.min(2, os.availableParallelism())),
    speechModelDir: path.resolve(env.SPEECH_MODEL_DIR ?? path.join(root, 'packages/speech/model')),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || '音読 Ondoku <no-reply@ondoku.invalid>',
  };
}

/** The checkout's root (the folder holding apps/web), found from this module in source or bundle. */
function findRepoRoot(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'apps', 'web', 'package.json'))) return dir;
  }
  return process.cwd();
}
