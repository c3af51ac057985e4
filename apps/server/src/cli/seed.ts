import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openRuntime } from '../runtime.js';
import { storageFromConfig } from '../lib/storage.js';
import { directSynthesizer, headquartersSource, installLibrary, libraryCacheDir } from '../modules/library/index.js';
import { isEmpty, resetAll, seedDemo, seedDemoHomeworkOfTeacher01 } from '../seed/demo.js';

/** `npm run seed [-- --reset]`: create demo data in an empty database, or recreate it with --reset. */
const { values } = parseArgs({ options: { reset: { type: 'boolean' } } });
const config = loadConfig();
const { database, secretBox } = await openRuntime(config);
const media = {
  storage: storageFromConfig(config),
  synth: directSynthesizer,
  cacheDir: libraryCacheDir(config),
};
try {
  if (values.reset) await resetAll(database.db);
  const report = await installLibrary(database.db, media, headquartersSource());
  console.log(
    report.skipped
      ? '教材ライブラリは最新です。'
      : `教材ライブラリを導入しました（${report.ms} ms、音声合成 ${report.synthesised} 件、キャッシュ ${report.cached} 件）。`,
  );
  if (await isEmpty(database.db)) {
    await seedDemo(database.db, secretBox, media);
    await seedDemoHomeworkOfTeacher01(database.db);
    console.log('デモデータを作成しました（teacher01 / teacher02 / guest01、パスワード pass1234）。');
  } else {
    console.log('データが既にあります。作り直すには npm run seed -- --reset を実行してください。');
  }
} finally {
  await database.close();
}
