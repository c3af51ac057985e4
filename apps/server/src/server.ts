import { buildApp } from './app.js';
import { loadConfig } from './config.js';
import { createMailer } from './lib/mailer.js';
import { openRuntime } from './runtime.js';
import { createSpeechService, warmSpeechWorkers } from './modules/evaluation/speech-service.js';
import { demoTeacherId, isEmpty, seedDemo, seedDemoHomeworkOfTeacher01 } from './seed/demo.js';
import { preparationReporter, type PreparationReporter } from './lib/preparation.js';
import { createS3Storage } from './lib/s3-storage.js';
import { storageFromConfig } from './lib/storage-from-config.js';
import { evaluatorFingerprint } from './seed/recordings.js';
import { logOptions } from './lib/log-options.js';
import { headquartersSource, installLibrary, libraryCacheDir, type LibraryMedia } from './modules/library/index.js';

/**
 * `npm start`: one process serving the API and the web app. Shutdown on SIGINT/SIGTERM stops
 * accepting requests, lets the ones in flight finish, then closes the database (the embedded
 * PostgreSQL is stopped with a fast shutdown and a checkpoint).
 */
const config = loadConfig();
const storage = storageFromConfig(config);
if (config.storage === 's3' && config.s3) {
  // A bucket that is missing, unreachable or refuses our keys is said now, not at the first upload.
  await createS3Storage(config.s3)
    .checkBucket()
    .catch((err: unknown) => {
      const why = err instanceof Error ? `${err.name}: ${err.message}` : String(err);
      console.error(
        `STORAGE=s3: the bucket "${config.s3?.bucket}" at ${config.s3?.endpoint ?? 'AWS'} cannot be used (${why})`,
      );
      process.exit(1);
    });
}
const { database, cipher, secretBox } = await openRuntime(config, { share: false }).catch((err: unknown) => {
  // A refusal (an old PGlite folder, a database in use) is a message for the operator, not a crash.
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
});
const speech = createSpeechService({ workers: config.speechWorkers, modelDir: config.speechModelDir });
// Model audio is synthesised on the speech worker threads: an install never blocks a request.
const media: LibraryMedia = {
  storage,
  synth: speech,
  cacheDir: libraryCacheDir(config),
  evaluator: await evaluatorFingerprint(config.speechModelDir),
};
// The first start's work (the library's model audio, the demo's readings) runs on workers of its
// own, closed when it is done: text to speech and the buffers of a whole library's synthesis would
// otherwise stay in the serving workers for the life of the process (docs/first-start.md, "Memory
// after the first start"). Started on first use: a start with nothing to prepare starts none.
const preparing = createSpeechService({
  workers: config.speechWorkers,
  modelDir: config.speechModelDir,
  capacity: false,
});
const preparingMedia: LibraryMedia = { ...media, synth: preparing };
const mailer = createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, dataDir: config.dataDir });
const app = await buildApp({
  speech,
  media,
  database,
  cipher,
  mailer,
  secretBox,
  storage,
  webDist: config.webDist,
  learnDist: config.learnDist,
  trustProxy: config.trustProxy,
  liveLessonUrl: config.liveLessonUrl,
  logger: logOptions(config.logLevel),
  // Scheduled homework opens within this many milliseconds of its time (docs/homework.md).
  scheduler: { intervalMs: 10_000 },
});

const seedingDemo = config.seedDemo && (await isEmpty(database.db));
const reportError = (err: unknown) => app.log.warn({ err }, 'could not record preparation progress');
// teacher01's demo homework follows the library install: until it is handed in, their homework
// list says it is being prepared (docs/first-start.md).
let demoProgress: PreparationReporter | null = null;
if (seedingDemo) {
  await seedDemo(database.db, secretBox, preparingMedia);
  app.log.info('created demo data (teacher01 / teacher02 / guest01, password pass1234)');
  const teacherId = config.seedDemoHomework ? await demoTeacherId(database.db) : null;
  if (teacherId !== null) {
    demoProgress = preparationReporter(database.db, 'demo-homework', { teacherId, onError: reportError });
    await demoProgress.start(0);
  }
}

let stopping = false;
async function shutdown(signal: string) {
  if (stopping) return;
  stopping = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 15_000);
  force.unref();
  try {
    await app.close();
    await preparing.close();
    await speech.close();
    mailer.close();
    await database.close();
  } finally {
    process.exit(0);
  }
}
process.on('SIGINT', () => void shutdown('SIGINT'));
process.on('SIGTERM', () => void shutdown('SIGTERM'));

await app.listen({ port: config.port, host: config.host });
// Load the acoustic model and run a short reading through every worker in the background, so the
// first class after a start is served like any other (queued first, so the library's synthesis
// jobs below never delay it; evaluation streams bypass that queue anyway).
if (config.speechWarmUp)
  warmSpeechWorkers(speech).catch((err: unknown) => app.log.error({ err }, 'speech workers failed to start'));
// The content library is installed in the background (docs/library.md): an unchanged library is
// one query; a new or changed one is synthesised on the speech workers while requests are served,
// then appears at once (one transaction). Until then the teacher sees the previous library.
// LIBRARY_INSTALL=false: another process installs it (docs/deployment.md); this one serves it.
const libraryInstall = config.installLibrary
  ? installLibrary(database.db, preparingMedia, headquartersSource(), {
      progress: preparationReporter(database.db, 'library', { onError: reportError }),
    })
  : Promise.resolve({ skipped: true as const, ms: 0 });
libraryInstall
  .then((r) =>
    app.log.info(
      r.skipped
        ? { ms: r.ms }
        : {
            ms: r.ms,
            resources: r.resources,
            synthesised: r.synthesised,
            cached: r.cached,
            checks: r.checks,
          },
      !config.installLibrary
        ? 'content library left to the process that installs it (LIBRARY_INSTALL=false)'
        : r.skipped
          ? 'content library is up to date'
          : 'content library installed',
    ),
  )
  // A first start's demo homework is made from the library, so it follows the install.
  .then(async () => {
    if (!seedingDemo || !config.seedDemoHomework) return;
    // The demo's readings are stored back-dated (days ago for overdue homework) a little before
    // each topic is handed in; the purge of results never submitted (older than a day) would take
    // them in between and fail the seed, so it waits until the seed is done.
    await app.evaluationPurge.stop();
    try {
      await seedDemoHomework();
    } finally {
      await demoProgress?.finish();
      app.evaluationPurge.start(60_000);
    }
  })
  .catch((err: unknown) => app.log.error({ err }, 'content library install or demo homework failed'))
  .finally(() => preparing.close());

/** teacher01's demo homework and the children's submissions (docs/seed.md). */
async function seedDemoHomework() {
  // The children's readings are synthesised and scored on the speech workers, in the background.
  const report = await seedDemoHomeworkOfTeacher01(
    database.db,
    {
      speech: preparing,
      storage,
      cacheDir: config.ttsCacheDir,
      evaluator: await evaluatorFingerprint(config.speechModelDir),
      ...(demoProgress ? { progress: () => demoProgress! } : {}),
    },
    (line) => app.log.info(line),
  );
  if (report) app.log.info(report, 'demo homework and submissions created');
}
app.log.info(`Ondoku is ready: http://localhost:${config.port} (database: ${database.kind})`);
if (mailer.kind === 'file') {
  app.log.info(`mail is written to ${mailer.mailDir}; read it at http://localhost:${config.port}/dev/mailbox`);
}
