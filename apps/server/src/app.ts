import { fastifyTrustProxy } from './config.js';
import multipart from '@fastify/multipart';
import websocket from '@fastify/websocket';
import { evaluationLimits, studentLimits } from '@ondoku/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import { systemClock, type Clock } from './lib/clock.js';
import { createServerEvents } from './lib/events.js';
import type { Mailer } from './lib/mailer.js';
import { createRateLimiter } from './lib/rate-limit.js';
import { replySerializerCompiler } from './lib/reply-serializer.js';
import type { PasswordCipher } from './lib/rsa-keys.js';
import type { SecretBox } from './lib/secret-box.js';
import { accountRoutes } from './modules/account/routes.js';
import { accountApplicationRoutes } from './modules/account-applications/routes.js';
import { findTeacherByTokenHash } from './modules/auth/index.js';
import { authRoutes } from './modules/auth/routes.js';
import { classRoutes } from './modules/classes/routes.js';
import { evaluationRoutes } from './modules/evaluation/routes.js';
import type { EvaluationSession } from './modules/evaluation/session.js';
import { createSpeechService, type SpeechService } from './modules/evaluation/speech-service.js';
import { createDownloadRunner, type DownloadRunner } from './modules/downloads/index.js';
import { downloadRoutes } from './modules/downloads/routes.js';
import {
  createEvaluationLinks,
  createEvaluationPurge,
  recordingUrl,
  RECORDING_TTL_SECONDS,
  type EvaluationLinks,
  type EvaluationPurge,
} from './modules/evaluation/index.js';
import { createScheduler, type MissedItemsSource, type Scheduler } from './modules/homework/index.js';
import { homeworkRoutes } from './modules/homework/routes.js';
import { findStudentByToken } from './modules/learn/index.js';
import { learnRoutes } from './modules/learn/routes.js';
import { freeRecitationRoutes } from './modules/free-recitation/routes.js';
import type { LibraryMedia } from './modules/library/index.js';
import { libraryRoutes } from './modules/library/routes.js';
import { mediaRoutes } from './modules/media/routes.js';
import { noticeOnEvents } from './modules/notices/index.js';
import { motivationRoutes } from './modules/motivation/routes.js';
import { messageRoutes } from './modules/messages/routes.js';
import { noticeRoutes } from './modules/notices/routes.js';
import { rankingMakers } from './modules/rankings/index.js';
import { rankingRoutes } from './modules/rankings/routes.js';
import { reportRoutes } from './modules/reports/routes.js';
import { resultsRoutes } from './modules/results/routes.js';
import { learningStatisticsMakers } from './modules/learning-statistics/exports.js';
import { learningStatisticsRoutes } from './modules/learning-statistics/routes.js';
import { selfPracticeRoutes } from './modules/self-practice/routes.js';
import type { RecordingUrl, SignRecording } from './modules/results/index.js';
import type { Storage } from './lib/storage.js';
import { studentMessageRoutes } from './modules/student-messages/routes.js';
import { studentRoutes } from './modules/students/routes.js';
import { studySurveyMakers } from './modules/study-survey/index.js';
import { studySurveyRoutes } from './modules/study-survey/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { registerAuth } from './plugins/auth.js';
import { createChangeFeed } from './db/change-feed.js';
import { registerCompression } from './plugins/compression.js';
import { registerDevMailbox } from './plugins/dev-mailbox.js';
import { registerErrorHandling } from './plugins/errors.js';
import { openApiRoute, registerOpenApi } from './plugins/openapi.js';
import { registerSecurityHeaders } from './plugins/security-headers.js';
import { registerWeb } from './plugins/web.js';

export interface AppDeps {
  database: Database;
  cipher: PasswordCipher;
  /** Outgoing mail (SMTP, or .eml files with the local mailbox page). */
  mailer: Mailer;
  /** Encrypts the printable initial passwords of students. */
  secretBox: SecretBox;
  webDist?: string;
  /** The built children's app, served at /learn/ beside webDist. */
  learnDist?: string;
  logger?: FastifyServerOptions['logger'];
  /** Trusted X-Forwarded-For hops: a count or the proxies' addresses (config.ts `trustProxy`). */
  trustProxy?: false | number | string[];
  liveLessonUrl?: string | null;
  /** Speech worker threads; by default a pool started on first use and closed with the app. */
  speech?: SpeechService;
  /** Files (library audio and pictures) served at /media (lib/storage.ts). */
  storage: Storage;
  /** Tests shorten the slow-client limits; production uses `serverTimeouts`. */
  timeouts?: Partial<ServerTimeouts>;
  /**
   * Tests: before each request, wait until every change committed so far has been heard by the
   * change feed (db/change-feed.ts), since tests also write to the database directly and then
   * call. A server answers its own writes after hearing them anyway.
   */
  syncBeforeEachRequest?: boolean;
  /** The time the server goes by (homework states, publish rules, the scheduler); tests move it. */
  clock?: Clock;
  /**
   * The homework scheduler: ticks every `intervalMs` when given (server.ts); without it the
   * scheduler is built but only ticks when asked (`app.scheduler.tick()`, tests).
   */
  scheduler?: { intervalMs: number };
  /** Where periodic plans find each child's missed words and sentences (docs/homework.md, "Periodic plans"). */
  missedItems?: MissedItemsSource;
  /**
   * A signed, expiring URL of a child's recording for answer papers (docs/results.md); by default the
   * evaluation module's `recordingUrl` (tests may give a stub).
   */
  recordingUrl?: RecordingUrl;
  /**
   * Model audio of free recitation (the library's: storage, synthesis with its check, the
   * synthesis cache); by default the speech workers with no cache.
   */
  media?: LibraryMedia;
}

/**
 * Limits for slow and idle clients on the Node server Fastify creates (docs/security.md,
 * "Connections"). A whole request (headers and body) must arrive within `requestTimeout` — a
 * 5 MB roster at 0.5 Mbit/s takes 80 s — and its headers within `headersTimeout`; Node checks
 * both every `checkIntervalMs`. A socket silent for `connectionTimeout` is closed (it must stay
 * below `headersTimeout`: with a shorter headersTimeout, Node 20's periodic check keeps a
 * never-used socket open), and an idle kept-alive one after `keepAliveTimeout`. No handler may
 * work longer than `connectionTimeout` without writing (imports of 3,000 rows take seconds).
 * Upgraded sockets (the evaluation socket) leave these limits behind and keep their own.
 */
export const serverTimeouts = {
  requestTimeout: 120_000,
  headersTimeout: 40_000,
  connectionTimeout: 30_000,
  keepAliveTimeout: 10_000,
  checkIntervalMs: 1_000,
};
export type ServerTimeouts = typeof serverTimeouts;

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** The whole HTTP application; shared by server.ts and the tests. */
export async function buildApp(deps: AppDeps) {
  const timeouts = { ...serverTimeouts, ...deps.timeouts };
  const app = Fastify({
    logger: deps.logger ?? false,
    requestTimeout: timeouts.requestTimeout,
    connectionTimeout: timeouts.connectionTimeout,
    keepAliveTimeout: timeouts.keepAliveTimeout,
    http: { headersTimeout: timeouts.headersTimeout, connectionsCheckingInterval: timeouts.checkIntervalMs },
    trustProxy: fastifyTrustProxy(deps.trustProxy),
    bodyLimit: 1024 * 1024,
    // Japanese text in query strings and bodies is normal here.
    routerOptions: { maxParamLength: 500 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializerCompiler);
  registerErrorHandling(app);
  await registerCompression(app);
  registerSecurityHeaders(app);
  await registerOpenApi(app);
  await app.register(websocket, {
    options: { maxPayload: evaluationLimits.maxFrameBytes },
    // A frame over the limit, a broken frame or a client that vanished is the client's doing: one
    // info line with its code, no stack (docs/security.md, "Logs"); anything else is ours.
    errorHandler: (error, socket, request) => {
      const code = (error as { code?: unknown }).code;
      if (typeof code === 'string' && (code.startsWith('WS_ERR_') || code === 'ECONNRESET' || code === 'EPIPE'))
        request.log.info({ code }, 'websocket closed on a client error');
      else request.log.error({ err: error }, 'websocket failed');
      socket.terminate();
    },
  });
  // Uploads (student imports) are read part by part; each route sets its own file-size limit.
  await app.register(multipart, { limits: { fileSize: studentLimits.import.maxBytes, files: 1 } });

  const db = deps.database.db;
  // route() runs `{ transaction: true }` handlers on it.
  app.decorate('db', db);
  // The one rate limiter, on the database itself (never inside a request's transaction).
  const limiter = createRateLimiter(db);
  // Read caches (docs/architecture.md, "Read caches"): what this process hears of committed
  // changes, and a write's reply only once its own changes have been heard (read your writes).
  const changeFeed = createChangeFeed(deps.database.pool);
  app.decorate('changeFeed', changeFeed);
  app.addHook('onClose', () => changeFeed.close());
  app.addHook('onSend', async (request) => {
    if (!READ_METHODS.has(request.method)) await changeFeed.sync();
  });
  if (deps.syncBeforeEachRequest) app.addHook('onRequest', () => changeFeed.sync());
  // A reply sent before the request's body has all arrived (a 401 before the body) closes the
  // socket with it: kept alive, it would wait for a body that may never come (docs/security.md,
  // "Connections").
  app.addHook('onSend', async (request, reply) => {
    if (!request.raw.complete) reply.header('connection', 'close');
  });
  // Tokens are the auth and learn modules' tables; the plugin finds them through these (lib/acting.ts).
  registerAuth(app, db, changeFeed, { teacherByTokenHash: findTeacherByTokenHash, studentByToken: findStudentByToken });
  openApiRoute(app);
  systemRoutes(app, { db, limiter });
  authRoutes(app, { db, limiter, cipher: deps.cipher, liveLessonUrl: deps.liveLessonUrl ?? null });
  const clock = deps.clock ?? systemClock;
  // How modules tell each other what happened (lib/events.ts): learn emits, notices listens.
  const events = createServerEvents();
  noticeOnEvents(events);
  homeworkRoutes(app, { db, clock });
  noticeRoutes(app, { db, clock });
  messageRoutes(app, { db, clock });
  studentMessageRoutes(app, { db, clock });
  motivationRoutes(app, { db, clock });
  const scheduler = createScheduler({ db, clock, log: app.log, missedItems: deps.missedItems });
  app.decorate('scheduler', scheduler);
  app.addHook('onClose', () => scheduler.stop());
  if (deps.scheduler) app.addHook('onReady', async () => scheduler.start(deps.scheduler!.intervalMs));
  classRoutes(app, { db, clock });
  studentRoutes(app, { db, cipher: deps.cipher, box: deps.secretBox, limiter, clock });
  accountRoutes(app, { db, limiter, cipher: deps.cipher, mailer: deps.mailer });
  libraryRoutes(app, { db, clock });
  learnRoutes(app, { db, limiter, cipher: deps.cipher, clock, events });
  mediaRoutes(app, { db, storage: deps.storage });
  accountApplicationRoutes(app, { db, storage: deps.storage, limiter, clock });
  const downloads = createDownloadRunner({
    db,
    storage: deps.storage,
    clock,
    log: app.log,
    // The study survey's reports of one child are download tasks too (docs/study-survey.md).
    makers: { ...studySurveyMakers({ mailer: deps.mailer, clock }), ...rankingMakers(), ...learningStatisticsMakers() },
  });
  app.decorate('downloads', downloads);
  app.addHook('onClose', () => downloads.stop());
  if (deps.scheduler) app.addHook('onReady', async () => downloads.start(2_000));
  downloadRoutes(app, { db, storage: deps.storage, clock, runner: downloads, mailer: deps.mailer, limiter });
  rankingRoutes(app, { db, clock, runner: downloads });
  registerDevMailbox(app, deps.mailer);

  const speech = deps.speech ?? createSpeechService();
  const sessions = new Set<EvaluationSession>();
  const evaluationLinks = createEvaluationLinks((label) => deps.cipher.deriveSecret(label));
  app.decorate('evaluationLinks', evaluationLinks);
  // Answer papers play children's recordings through signed URLs bound to the teacher's session
  // that asked, for 30 minutes (docs/security.md, "Recordings"); a test's stub ignores the reader.
  const stub = deps.recordingUrl;
  const signRecording: SignRecording = stub
    ? (key) => stub(key)
    : (key, reader) => recordingUrl(key, RECORDING_TTL_SECONDS, reader, { evaluationLinks });
  resultsRoutes(app, { db, clock, recordingUrl: signRecording });
  reportRoutes(app, { db, clock, recordingUrl: signRecording });
  selfPracticeRoutes(app, { db, clock, recordingUrl: signRecording });
  learningStatisticsRoutes(app, { db, clock, runner: downloads });
  studySurveyRoutes(app, { db, clock, runner: downloads, limiter, recordingUrl: signRecording });
  evaluationRoutes(app, { db, speech, sessions, links: evaluationLinks, storage: deps.storage, clock });
  freeRecitationRoutes(app, {
    db,
    clock,
    limiter,
    media: deps.media ?? { storage: deps.storage, synth: speech, cacheDir: null },
  });
  app.decorate('evaluationSessions', sessions);
  // Results never submitted are forgotten with their recordings; ticks with the scheduler's pace.
  const evaluationPurge = createEvaluationPurge({ db, clock, storage: deps.storage, log: app.log });
  app.decorate('evaluationPurge', evaluationPurge);
  app.addHook('onClose', () => evaluationPurge.stop());
  if (deps.scheduler)
    app.addHook('onReady', async () => evaluationPurge.start(Math.max(deps.scheduler!.intervalMs, 60_000)));
  app.addHook('onClose', async () => {
    if (!deps.speech) await speech.close();
  });

  if (deps.webDist) await registerWeb(app, deps.webDist, deps.learnDist);
  return app;
}

declare module 'fastify' {
  interface FastifyInstance {
    evaluationSessions: Set<EvaluationSession>;
    /** Signed websocket tickets and recording URLs (modules/evaluation/index.ts). */
    evaluationLinks: EvaluationLinks;
    /** Forgets results never submitted, with their recordings (modules/evaluation/purge.ts). */
    evaluationPurge: EvaluationPurge;
    /** The homework scheduler (modules/homework/scheduler.ts). */
    scheduler: Scheduler;
    /** The download-task runner (modules/downloads/runner.ts); tests call `runAll()`. */
    downloads: DownloadRunner;
  }
}
