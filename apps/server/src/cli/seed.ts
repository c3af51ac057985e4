import { parseArgs } from 'node:util';
import { loadConfig } from '../config.js';
import { openRuntime } from '../runtime.js';
import { isEmpty, resetAll, seedDemo } from '../seed/demo.js';

/** `npm run seed [-- --reset]`: create demo data in an empty database, or recreate it with --reset. */
const { values } = parseArgs({ options: { reset: { type: 'boolean' } } });
const { database, secretBox } = await openRuntime(loadConfig());
try {
  if (values.reset) await resetAll(database.db);
  if (await isEmpty(database.db)) {
    await seedDemo(database.db, secretBox);
    console.log('デモデータを作成しました（teacher01 / teacher02 / guest01、パスワード pass1234）。');
  } else {
    console.log('データが既にあります。作り直すには npm run seed -- --reset を実行してください。');
  }
} finally {
  await database.close();
}
