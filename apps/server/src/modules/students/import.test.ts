import ExcelJS from 'exceljs';
import iconv from 'iconv-lite';
import { studentLimits, studentMessages } from '@ondoku/contract';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, students } from '../../db/schema/index.js';
import { buildClass, buildStudents, teacherWithToken } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { countExportRows, exportRowPages, exportRows } from './student-repository.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

type Auth = Record<string, string>;
const HEAD = ['生徒ID', '氏名', 'ふりがな', '学年', '組', '出席番号', '初期パスワード'];

async function xlsx(rows: (string | number)[][]) {
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('生徒');
  for (const r of rows) ws.addRow(r);
  return Buffer.from(await wb.xlsx.writeBuffer());
}
const csv = (rows: (string | number)[][]) =>
  rows.map((r) => r.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n';

const upload = (
  auth: Auth | undefined,
  url: string,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer },
) => {
  const mp = multipart(fields, file);
  return t.app.inject({ method: 'POST', url, payload: mp.payload, headers: { ...auth, ...mp.headers } });
};
const intoClass = (auth: Auth | undefined, classId: number, name: string, data: Buffer) =>
  upload(auth, '/api/v2/team/import-team-students-list', { team_id: String(classId) }, { name, data });
const countOf = async (teacherId: number) =>
  (await t.db.select({ n: count() }).from(students).where(eq(students.teacherId, teacherId)))[0]!.n;

const goodRows = (prefix: string, n: number) =>
  Array.from({ length: n }, (_, i) => [
    `${prefix}-${String(i + 1).padStart(2, '0')}`,
    `山田 太郎${i + 1}`,
    'やまだ たろう',
    '3年',
    '1組',
    i + 1,
    '',
  ]);

describe('import-team-students-list', () => {
  it('401 without a token', async () => {
    expect((await upload(undefined, '/api/v2/team/import-team-students-list', { team_id: '1' })).statusCode).toBe(401);
  });

  it('imports an xlsx file into the class, with generated passwords unless given', async () => {
    const { teacher, auth } = await teacherWithToken(t);
    const c = await buildClass(t, { teacher });
    const rows = goodRows('xl', 3);
    rows[2]![6] = 'given123';
    const res = (await intoClass(auth, c.id, '名簿.xlsx', await xlsx([HEAD, ...rows]))).json();
    expect(res).toEqual({ errcode: 0, errmsg: '', data: { imported: 3, errors: [], notices: [], created_teams: [] } });
    const cards = (
      await t.app.inject({
        method: 'GET',
        url: `/api/v2/team/get-student-initial-pwd-list?team_id=${c.id}`,
        headers: auth,
      })
    ).json().data.rows;
    expect(cards.map((r: { student_id: string; number: string }) => [r.student_id, r.number])).toEqual([
      ['xl-01', '1'],
      ['xl-02', '2'],
      ['xl-03', '3'],
    ]);
    expect(cards[2].initial_password).toBe('given123');
    expect(cards[0].initial_password).toMatch(/^[a-z2-9]{8}$/);
  });

  it('reads CSV in UTF-8 with BOM, without BOM, and Shift_JIS', async () => {
    const { teacher, auth } = await teacherWithToken(t);
    const c = await buildClass(t, { teacher });
    const withBom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv([HEAD, ...goodRows('bom', 2)]))]);
    const noBom = Buffer.from(csv([HEAD, ...goodRows('utf', 2)]));
    const sjisRows = goodRows('sjis', 2);
    sjisRows[0]![1] = '髙橋 ①子'; // CP932 extensions that Japanese Excel writes
    const sjis = iconv.encode(csv([HEAD, ...sjisRows]), 'cp932');
    expect(sjis.includes(Buffer.from('髙'))).toBe(false);
    for (const [name, data] of [
      ['a.csv', withBom],
      ['b.csv', noBom],
      ['c.csv', sjis],
    ] as const) {
      expect((await intoClass(auth, c.id, name, data)).json().data.imported, name).toBe(2);
    }
    const names = (
      await t.db.select({ name: students.name }).from(students).where(eq(students.loginId, 'sjis-01'))
    )[0]!;
    // Read as CP932 (髙 and ① survive the decoding), stored NFKC-normalised (docs/classes.md, "Edges"): ① is 1.
    expect(names.name).toBe('髙橋 1子');
  });

  it('lists every bad row with its row number and imports nothing', async () => {
    const { teacher, auth } = await teacherWithToken(t);
    const other = await teacherWithToken(t);
    const c = await buildClass(t, { teacher });
    const [taken] = await buildStudents(t, 1, { teacher: other.teacher, prefix: 'taken' });
    const rows: (string | number)[][] = [
      HEAD,
      ['ok-001', '正しい 行', '', '', '', '', ''],
      ['', '名前だけ', '', '', '', '', ''],
      ['ng id!', 'ID不正', '', '', '', '', ''],
      ['ok-002', '', '', '', '', '', ''],
      ['ok-001', '重複', '', '', '', '', ''],
      [taken!, '既存', '', '', '', '', ''],
      ['ok-003', '絵文字😀', '', '', '', '12345678901', 'abc'],
    ];
    const res = (await intoClass(auth, c.id, 'bad.xlsx', await xlsx(rows))).json();
    expect(res.errcode).toBe(0);
    expect(res.data.imported).toBe(0);
    expect(res.data.errors).toEqual([
      { row: 3, student_id: '', message: '生徒ID：生徒IDを入力してください。' },
      {
        row: 4,
        student_id: 'ng id!',
        message: '生徒ID：生徒IDは半角英数字と「.」「_」「-」を使って4〜20文字で入力してください。',
      },
      { row: 5, student_id: 'ok-002', message: '氏名：氏名を入力してください。' },
      { row: 6, student_id: 'ok-001', message: '生徒ID「ok-001」がファイル内で重複しています（2行目と同じ）。' },
      { row: 7, student_id: taken, message: `生徒ID「${taken}」はすでに使われています。` },
      { row: 8, student_id: 'ok-003', message: '氏名：無効な文字が含まれています。修正してください。' },
      { row: 8, student_id: 'ok-003', message: '出席番号：10桁以内の数字を入力してください。' },
      { row: 8, student_id: 'ok-003', message: '初期パスワード：パスワードを6文字以上20文字以内で入力してください。' },
    ]);
    expect(await countOf(teacher.id)).toBe(0);
  });

  it('refuses unreadable, wrong-type, empty, headerless and oversized files with a Japanese reason', async () => {
    const { teacher, auth } = await teacherWithToken(t);
    const c = await buildClass(t, { teacher });
    const cases: [string, Buffer, number, string][] = [
      [
        'old.xls',
        Buffer.concat([Buffer.from('d0cf11e0a1b11ae1', 'hex'), Buffer.alloc(600)]),
        200,
        'Excel（.xlsx）またはCSV（.csv）ファイルを選択してください。',
      ],
      [
        'broken.xlsx',
        (await xlsx([HEAD, ...goodRows('br', 2)])).subarray(0, 300),
        200,
        'ファイルを読み取れませんでした。テンプレートの形式で保存したファイルか確認してください。',
      ],
      [
        'photo.png',
        Buffer.concat([Buffer.from('89504e470d0a1a0a', 'hex'), Buffer.alloc(100)]),
        200,
        'Excel（.xlsx）またはCSV（.csv）ファイルを選択してください。',
      ],
      ['empty.csv', Buffer.from(csv([HEAD])), 200, 'ファイルに生徒のデータがありません。'],
      [
        'cols.csv',
        Buffer.from(
          csv([
            ['苗字', '番号'],
            ['山田', 1],
          ]),
        ),
        200,
        '必要な列がありません：生徒ID、氏名',
      ],
      [
        'quote.csv',
        Buffer.from('生徒ID,氏名\r\n"abc-1,山田\r\n'),
        200,
        'ファイルを読み取れませんでした。テンプレートの形式で保存したファイルか確認してください。',
      ],
      ['big.csv', Buffer.alloc(5 * 1024 * 1024 + 10, 0x41), 413, 'ファイルが大きすぎます（5MBまで）。'],
    ];
    for (const [name, data, status, msg] of cases) {
      const res = await intoClass(auth, c.id, name, data);
      expect([res.statusCode, res.json().errmsg], name).toEqual([status, msg]);
    }
    const none = await upload(auth, '/api/v2/team/import-team-students-list', { team_id: String(c.id) });
    expect([none.statusCode, none.json().errmsg]).toEqual([400, 'ファイルを選択してください。']);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/v2/team/import-team-students-list',
      payload: {},
      headers: auth,
    });
    expect([json.statusCode, json.json().errmsg]).toEqual([400, 'ファイルを選択してください。']);
    expect(await countOf(teacher.id)).toBe(0);
  });

  it("refuses another teacher's class with nothing imported", async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const cb = await buildClass(t, { teacher: b.teacher });
    const res = await intoClass(a.auth, cb.id, 'x.csv', Buffer.from(csv([HEAD, ...goodRows('steal', 2)])));
    expect(res.statusCode).toBe(404);
    expect(await countOf(a.teacher.id)).toBe(0);
    const bad = await upload(
      a.auth,
      '/api/v2/team/import-team-students-list',
      { team_id: 'x' },
      { name: 'x.csv', data: Buffer.from('a') },
    );
    expect([bad.statusCode, bad.json().errmsg]).toEqual([400, '入力内容に誤りがあります。']);
  });

  // No time limit here: speed is for benchmarks (docs/testing.md); a timed test fails on a busy machine.
  it('imports 2,000 rows in one go', { timeout: 120_000 }, async () => {
    const { teacher, auth } = await teacherWithToken(t);
    const c = await buildClass(t, { teacher });
    const data = await xlsx([HEAD, ...goodRows('big', 2000)]);
    const res = (await intoClass(auth, c.id, 'big.xlsx', data)).json();
    expect(res.data).toMatchObject({ imported: 2000, errors: [] });
    expect(await countOf(teacher.id)).toBe(2000);
  });
});

describe('import-students-list (クラス column)', () => {
  it('puts each row in its named class, creating missing ones in the same transaction', async () => {
    const { teacher, auth } = await teacherWithToken(t);
    const existing = await buildClass(t, { teacher, name: '3年1組' });
    const head = [...HEAD, 'クラス'];
    const rows = [
      head,
      ['cls-0001', '一', '', '', '', 1, '', '3年1組'],
      ['cls-0002', '二', '', '', '', 2, '', '3年2組'],
    ];
    const res = (
      await upload(auth, '/api/v2/team/import-students-list', {}, { name: 'all.xlsx', data: await xlsx(rows) })
    ).json();
    expect(res.data).toEqual({ imported: 2, errors: [], notices: [], created_teams: ['3年2組'] });
    const list = (await t.app.inject({ method: 'GET', url: '/api/v2/team/my-team-rows', headers: auth })).json().data
      .rows;
    expect(list.map((r: { name: string; student_count: number }) => [r.name, r.student_count])).toEqual([
      ['3年1組', 1],
      ['3年2組', 1],
    ]);
    void existing;
  });

  it('requires the クラス column and a valid class name on each row; nothing is created on error', async () => {
    const { teacher, auth } = await teacherWithToken(t);
    const noCol = await upload(
      auth,
      '/api/v2/team/import-students-list',
      {},
      { name: 'a.csv', data: Buffer.from(csv([HEAD, ...goodRows('nc', 1)])) },
    );
    expect(noCol.json().errmsg).toBe('必要な列がありません：クラス');
    const head = [...HEAD, 'クラス'];
    const rows = [
      head,
      ['cls2-001', '一', '', '', '', 1, '', '新しいクラス'],
      ['cls2-002', '二', '', '', '', 2, '', ''],
      ['cls2-003', '三', '', '', '', 3, '', 'あ'.repeat(21)],
    ];
    const res = (
      await upload(auth, '/api/v2/team/import-students-list', {}, { name: 'a.xlsx', data: await xlsx(rows) })
    ).json();
    expect(res.data.errors).toEqual([
      { row: 3, student_id: 'cls2-002', message: 'クラス：クラスを入力してください。' },
      { row: 4, student_id: 'cls2-003', message: 'クラス：字数制限を超えています' },
    ]);
    expect((await t.db.select().from(classes).where(eq(classes.teacherId, teacher.id))).length).toBe(0);
    expect(await countOf(teacher.id)).toBe(0);
  });
});

describe('export-students-xls and student-import-template', () => {
  it('exports a real xlsx with Japanese headers and a Japanese-safe file name', async () => {
    const a = await teacherWithToken(t);
    const b = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher, name: '3年1組' });
    await buildStudents(t, 3, { teacher: a.teacher, classIds: [c.id] });
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/team/export-students-xls?team_id=${c.id}`,
      headers: a.auth,
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const cd = String(res.headers['content-disposition']);
    expect(cd).toMatch(/^attachment; filename="[\x20-\x7e]+"; filename\*=UTF-8''/);
    expect(decodeURIComponent(cd.split("UTF-8''")[1]!)).toMatch(/^生徒一覧_3年1組_\d{8}\.xlsx$/);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.getRow(1).values).toEqual([
      undefined,
      '生徒ID',
      '氏名',
      'ふりがな',
      '学年',
      '組',
      '出席番号',
      '所属クラス',
      'パスワード',
      '登録日',
    ]);
    expect(ws.rowCount).toBe(4);
    expect(ws.getRow(2).getCell(7).value).toBe('3年1組');
    // The look: sheet name, bold tinted header kept in view, widths, the password column as text.
    expect(ws.name).toBe('生徒一覧');
    expect(ws.getCell('A1').font).toMatchObject({ bold: true });
    expect(ws.getCell('A1').fill).toMatchObject({ fgColor: { argb: 'FFE3F1EA' } });
    expect(ws.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect([1, 7, 8].map((i) => ws.getColumn(i).width)).toEqual([18, 28, 16]);
    expect(ws.getCell('H2').numFmt).toBe('@');
    expect(ws.getCell('A2').font?.bold).toBeFalsy();
    const refused = await t.app.inject({
      method: 'GET',
      url: `/api/v2/team/export-students-xls?team_id=${c.id}`,
      headers: b.auth,
    });
    expect(refused.statusCode).toBe(404);
    expect(refused.json().errmsg).toBe('データが見つかりませんでした。');
  });

  it('writes Japanese dates in Asia/Tokyo and the initial password while it is valid, else 変更済み', async () => {
    const a = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher, name: '4年2組' });
    const [first, second] = await buildStudents(t, 2, { teacher: a.teacher, classIds: [c.id] });
    // 20:30 UTC on 7 April is 05:30 on Wednesday 8 April in Tokyo.
    await t.db
      .update(students)
      .set({ createdAt: new Date('2026-04-07T20:30:00Z') })
      .where(eq(students.loginId, first!));
    await t.db
      .update(students)
      .set({ initialPasswordEnc: null, passwordChangedAt: new Date() })
      .where(eq(students.loginId, second!));
    const [cards] = await Promise.all([
      t.app.inject({
        method: 'GET',
        url: `/api/v2/team/get-student-initial-pwd-list?team_id=${c.id}`,
        headers: a.auth,
      }),
    ]);
    const initial = (cards.json().data.rows as { student_id: string; initial_password: string | null }[]).find(
      (r) => r.student_id === first,
    )!.initial_password;
    expect(initial).toMatch(/^[A-Za-z0-9]{6,20}$/);

    const res = await t.app.inject({
      method: 'GET',
      url: `/api/v2/team/export-students-xls?team_id=${c.id}`,
      headers: a.auth,
    });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    const byId = new Map<string, ExcelJS.Row>();
    ws.eachRow((row, n) => n > 1 && byId.set(String(row.getCell(1).value), row));
    expect(byId.get(first!)!.getCell(8).value).toBe(initial);
    expect(byId.get(first!)!.getCell(9).value).toBe('2026年4月8日(水)');
    expect(byId.get(second!)!.getCell(8).value).toBe('変更済み');
    expect(String(byId.get(second!)!.getCell(9).value)).toMatch(/^\d{4}年\d{1,2}月\d{1,2}日\([日月火水木金土]\)$/);
  });

  it('reads the roster page by page in its order, and refuses more rows than the cap with the Japanese message', async () => {
    const a = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: a.teacher, name: '5年1組' });
    await buildStudents(t, 5, { teacher: a.teacher, classIds: [c.id] });
    const q = { classId: c.id };
    const all = await exportRows(t.db, a.teacher.id, q, 100);
    expect(all).toHaveLength(5);
    const pages: string[][] = [];
    for await (const page of exportRowPages(t.db, a.teacher.id, q, 2)) pages.push(page.map((r) => r.student.loginId));
    expect(pages.map((p) => p.length)).toEqual([2, 2, 1]);
    expect(pages.flat()).toEqual(all.map((r) => r.student.loginId));
    expect(await countExportRows(t.db, a.teacher.id, q)).toBe(5);

    const cap = studentLimits.export.maxRows;
    (studentLimits.export as { maxRows: number }).maxRows = 4;
    try {
      const res = await t.app.inject({
        method: 'GET',
        url: `/api/v2/team/export-students-xls?team_id=${c.id}`,
        headers: a.auth,
      });
      expect(res.statusCode).toBe(400);
      expect(res.json().errmsg).toBe(studentMessages.exportTooManyRows);
    } finally {
      (studentLimits.export as { maxRows: number }).maxRows = cap;
    }
  });

  it('the template round-trips: filled in, it imports', async () => {
    const { teacher, auth } = await teacherWithToken(t);
    const c = await buildClass(t, { teacher });
    const res = await t.app.inject({ method: 'GET', url: '/api/v2/team/student-import-template', headers: auth });
    expect(res.statusCode).toBe(200);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(res.rawPayload as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(wb.worksheets.map((w) => w.name)).toEqual(['生徒', '記入方法']);
    expect(ws.getRow(1).values).toEqual([undefined, ...HEAD]);
    // Ids, numbers and passwords typed into the template stay text (leading zeros kept).
    expect([1, 6, 7].map((i) => ws.getColumn(i).numFmt)).toEqual(['@', '@', '@']);
    expect(ws.getColumn(2).numFmt).toBeFalsy();
    expect(wb.worksheets[1]!.getCell('C2').value).toContain('半角英数字');
    ws.addRow(['tmpl-01', '佐藤 花子', 'さとう はなこ', '2年', '3組', '5', '']);
    const filled = Buffer.from(await wb.xlsx.writeBuffer());
    expect((await intoClass(auth, c.id, 'テンプレート.xlsx', filled)).json().data.imported).toBe(1);
  });
});

describe('OpenAPI entries of the file calls', () => {
  it('describes the uploads as multipart and the exports as xlsx, both behind the bearer token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json();
    const upload = doc.paths['/api/v2/team/import-team-students-list'].post;
    expect(Object.keys(upload.requestBody.content)).toEqual(['multipart/form-data']);
    expect(upload.requestBody.content['multipart/form-data'].schema.properties.file).toMatchObject({
      format: 'binary',
    });
    expect(upload.security).toEqual([{ bearer: [] }]);
    const exp = doc.paths['/api/v2/team/export-students-xls'].get;
    expect(Object.keys(exp.responses['200'].content)).toEqual([
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    ]);
    expect(exp.security).toEqual([{ bearer: [] }]);
  });
});
