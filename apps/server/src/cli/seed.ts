import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openRuntime } from '../runtime.js';
import { storageFromConfig } from '../lib/storage-from-config.js';
import { createSpeechService } from '../modules/evaluation/index.js';
import { headquartersSource, installLibrary, libraryCacheDir } from '../modules/library/index.js';
import { isEmpty, resetAll, seedDemo, seedDemoHomeworkOfTeacher01 } from '../seed/demo.js';
import { evaluatorFingerprint } from '../seed/recordings.js';
import { largeSeedPresent, seedLarge, seedSizes, type SeedSize } from '../seed/sizes.js';

/**
 * `npm run seed [-- --size small|school|region] [--reset]`: the demo school in an empty database
 * (or recreated with --reset), built through the services the calls use (docs/seed.md). small is
 * what `npm start` makes; school and region add their teachers, classes and a term of handed-in
 * homework on top (region for the benchmarks). Children's readings are synthesised and scored on
 * speech worker threads (SPEECH_WORKERS) and cached in TTS_CACHE_DIR.
 */
const { values } = parseArgs({ options: { reset: { type: 'boolean' }, size: { type: 'string', default: 'small' } } });
const size = values.size as SeedSize;
if (!seedSizes.includes(size)) {
  console.error(`--size は ${seedSizes.join(' / ')} のいずれかです。`);
  process.exit(2);
}
const started = performance.now();
const config = loadConfig();
const { database, secretBox } = await openRuntime(config);
const speech = createSpeechService({ workers: config.speechWorkers, modelDir: config.speechModelDir });
const storage = storageFromConfig(config);
// Model audio is synthesised on the speech workers too (the same pool as the children's readings).
const media = {
  storage,
  synth: speech,
  cacheDir: libraryCacheDir(config),
  evaluator: await evaluatorFingerprint(config.speechModelDir),
};
const seconds = () => `${((performance.now() - started) / 1000).toFixed(1)} s`;
try {
  if (values.reset) await resetAll(database.db);
  const report = await installLibrary(database.db, media, headquartersSource());
  console.log(
    report.skipped
      ? '教材ライブラリは最新です。'
      : `教材ライブラリを導入しました（${report.ms} ms、音声合成 ${report.synthesised} 件、キャッシュ ${report.cached} 件、` +
          `採点チェック ${report.checks.checked} 件・作り直し ${report.checks.remade} 件）。` +
          report.checks.below.map((b) => `\n  80 点に届かない模範音声: ${b.score} 点「${b.text}」`).join(''),
  );
  const reading = {
    speech,
    storage,
    cacheDir: config.ttsCacheDir,
    evaluator: await evaluatorFingerprint(config.speechModelDir),
  };
  if (await isEmpty(database.db)) {
    await seedDemo(database.db, secretBox, media);
    const small = await seedDemoHomeworkOfTeacher01(database.db, reading);
    console.log('デモデータを作成しました（teacher01 / teacher02 / guest01、パスワード pass1234）。');
    if (small) console.log(`small: ${JSON.stringify(small)} (${seconds()})`);
  } else if (size === 'small') {
    console.log('データが既にあります。作り直すには npm run seed -- --reset を実行してください。');
  }
  if (size !== 'small') {
    if (await largeSeedPresent(database.db, size)) {
      console.log(
        `${size} のデータは既にあります。作り直すには npm run seed -- --size ${size} --reset を実行してください。`,
      );
    } else {
      const large = await seedLarge(database.db, secretBox, reading, size);
      console.log(`${size}: ${JSON.stringify(large)}`);
    }
  }
  console.log(`所要時間 ${seconds()}（--size ${size}）`);
} finally {
  await speech.close();
  await database.close();
}
