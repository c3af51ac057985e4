import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { S3Settings } from './lib/s3-storage.js';

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
  /** Directory of the built teacher app served at /. */
  webDist: string;
  /** Directory of the built children's app served at /learn/. */
  learnDist: string;
  /** Create demo data on first start of an empty database. */
  seedDemo: boolean;
  /**
   * With the demo data, teacher01's term of homework and the children's scored readings (minutes
   * of speech work in the background). `SEED_DEMO=classes`: the demo accounts, classes and
   * children only (the class screens and the April roll-over on the demo school, at once).
   */
  seedDemoHomework: boolean;
  /**
   * Which X-Forwarded-For hops to trust (behind reverse proxies): a hop count (`TRUST_PROXY=1`:
   * the address the nearest proxy saw) or the proxies' addresses/CIDRs (`TRUST_PROXY=10.0.0.1,10.0.0.2`);
   * false: the socket's address. Never the left-most entry, which any client can write.
   */
  trustProxy: false | number | string[];
  /** The live-lesson service opened from the menu for teachers with showLive. */
  liveLessonUrl: string | null;
  /** Speech worker threads for evaluation and text-to-speech. */
  speechWorkers: number;
  /**
   * Whether the speech workers are warmed at start (SPEECH_WARM_UP, default true;
   * docs/speech-service.md, "Warm at start"). The test servers that never evaluate turn it off.
   */
  speechWarmUp: boolean;
  /** The acoustic model folder (packages/speech/model). */
  speechModelDir: string;
  /** SMTP server for outgoing mail (smtp:// or smtps://); unset: .eml files in DATA_DIR/mail and the local mailbox. */
  smtpUrl: string | undefined;
  /** The From of outgoing mail. */
  mailFrom: string;
  /**
   * Where files (library audio and pictures, recordings, exports) are kept: `local` = DATA_DIR/files
   * (lib/storage.ts), `s3` = the object store of `s3` (lib/s3-storage.ts, docs/deployment.md).
   */
  storage: string;
  /** The bucket of STORAGE=s3, from S3_BUCKET, S3_ENDPOINT, S3_REGION, S3_FORCE_PATH_STYLE, S3_PREFIX and the keys. */
  s3: S3Settings | undefined;
  /** The library's synthesis cache (docs/library.md); default DATA_DIR/tts-cache. */
  ttsCacheDir: string;
  /**
   * Whether this process installs (or updates) the content library at start (LIBRARY_INSTALL,
   * default true). With several processes one is enough: the others serve the library it
   * installed (docs/deployment.md).
   */
  installLibrary: boolean;
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
    learnDist: path.resolve(env.LEARN_DIST ?? path.join(root, 'apps/learn/dist')),
    seedDemo: env.SEED_DEMO === 'classes' || bool(env.SEED_DEMO, true),
    seedDemoHomework: env.SEED_DEMO !== 'classes' && bool(env.SEED_DEMO, true),
    trustProxy: parseTrustProxy(env.TRUST_PROXY),
    liveLessonUrl: env.LIVE_LESSON_URL || null,
    speechWorkers: Math.max(1, Number(env.SPEECH_WORKERS) || Math.min(2, os.availableParallelism())),
    speechWarmUp: bool(env.SPEECH_WARM_UP, true),
    speechModelDir: path.resolve(env.SPEECH_MODEL_DIR ?? path.join(root, 'packages/speech/model')),
    smtpUrl: env.SMTP_URL || undefined,
    mailFrom: env.MAIL_FROM || '音読 Ondoku <no-reply@ondoku.invalid>',
    storage: env.STORAGE || 'local',
    s3: s3Settings(env),
    ttsCacheDir: path.resolve(env.TTS_CACHE_DIR || path.join(env.DATA_DIR ?? './data', 'tts-cache')),
    installLibrary: bool(env.LIBRARY_INSTALL, true),
  };
}

/**
 * The object store's settings when S3_BUCKET is set. Keys: S3_ACCESS_KEY_ID/S3_SECRET_ACCESS_KEY,
 * or else the AWS SDK's own chain (AWS_ACCESS_KEY_ID/AWS_SECRET_ACCESS_KEY, a profile, a role).
 * Path-style addressing is the default with an S3_ENDPOINT (MinIO and most self-hosted stores),
 * virtual-host style without one (AWS).
 */
export function s3Settings(env: NodeJS.ProcessEnv): S3Settings | undefined {
  if (!env.S3_BUCKET) return undefined;
  const endpoint = env.S3_ENDPOINT || undefined;
  const accessKeyId = env.S3_ACCESS_KEY_ID;
  const secretAccessKey = env.S3_SECRET_ACCESS_KEY;
  if (!!accessKeyId !== !!secretAccessKey) {
    throw new Error('S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY must be set together');
  }
  return {
    bucket: env.S3_BUCKET,
    endpoint,
    region: env.S3_REGION || env.AWS_REGION || 'us-east-1',
    forcePathStyle: bool(env.S3_FORCE_PATH_STYLE, !!endpoint),
    credentials: accessKeyId && secretAccessKey ? { accessKeyId, secretAccessKey } : undefined,
    prefix: env.S3_PREFIX ?? '',
  };
}

/** `TRUST_PROXY`: unset/0/false = off; a hop count; `true` = 1 hop; or a comma list of proxy addresses or CIDRs. */
export function parseTrustProxy(v: string | undefined): false | number | string[] {
  const s = (v ?? '').trim().toLowerCase();
  if (s === '' || s === '0' || s === 'false' || s === 'no' || s === 'off') return false;
  if (s === 'true' || s === 'yes' || s === 'on') return 1;
  if (/^\d+$/.test(s)) return Number(s);
  const list = s
    .split(',')
    .map((a) => a.trim())
    .filter(Boolean);
  const address = /^(\d{1,3}(\.\d{1,3}){3}|[0-9a-f:]*:[0-9a-f:.]*)(\/\d{1,3})?$/;
  if (list.length === 0 || !list.every((a) => address.test(a))) {
    throw new Error(`TRUST_PROXY must be a hop count or a comma list of proxy addresses, got "${v}"`);
  }
  return list;
}

/**
 * Fastify's `trustProxy` for the configured value. Fastify 5 refuses bare hop counts (fail closed),
 * so a count becomes a trust function: the socket and the `hops - 1` entries before it are
 * proxies, the next entry from the right is the client. Only safe when the server is reachable
 * through the proxy alone (docs/security.md); a list of proxy addresses is safer.
 */
export function fastifyTrustProxy(v: false | number | string[] | undefined) {
  if (typeof v === 'number') return (_address: string, hop: number) => hop < v;
  return v ?? false;
}

/** The checkout's root (the folder holding apps/web), found from this module in source or bundle. */
function findRepoRoot(from: string): string {
  for (let dir = from; dir !== path.dirname(dir); dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'apps', 'web', 'package.json'))) return dir;
  }
  return process.cwd();
}
