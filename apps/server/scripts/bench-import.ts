// Measures a 2,000-row student import end to end (multipart upload → parse → validate → hash →
// one transaction) on the embedded database, as the issue asks: `npx tsx apps/server/scripts/bench-import.ts [rows]`.
import ExcelJS from 'exceljs';
import { buildClass, teacherWithToken } from '../src/test/factories.js';
import { multipart } from '../src/test/multipart.js';
import { buildTestApp } from '../src/test/test-app.js';

const rows = Number(process.argv[2] ?? 2000);
const t = await buildTestApp();
try {
  const { teacher, auth } = await teacherWithToken(t);
  const c = await buildClass(t, { teacher });
  // Twice: the first run includes warming up (JIT, first argon2 calls); both figures are printed.
  for (const run of ['first', 'second']) {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('生徒');
    ws.addRow(['生徒ID', '氏名', 'ふりがな', '学年', '組', '出席番号']);
    for (let i = 1; i <= rows; i++)
      ws.addRow([`bench-${run}-${String(i).padStart(5, '0')}`, `山田 太郎${i}`, 'やまだ たろう', '3年', '1組', i]);
    const file = Buffer.from(await wb.xlsx.writeBuffer());
    const mp = multipart({ team_id: String(c.id) }, { name: 'bench.xlsx', data: file });
    const started = performance.now();
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/v2/team/import-team-students-list',
      payload: mp.payload,
      headers: { ...auth, ...mp.headers },
    });
    const ms = performance.now() - started;
    const body = res.json();
    if (body.data?.imported !== rows) throw new Error(`import failed: ${res.body.slice(0, 300)}`);
    console.log(
      `${run} run: ${rows} rows (${(file.length / 1024).toFixed(0)} KB xlsx) imported in ${Math.round(ms)} ms on ${t.database.kind}`,
    );
  }
} finally {
  await t.close();
}
