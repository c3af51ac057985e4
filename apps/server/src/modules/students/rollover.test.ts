import {
  commitRollover,
  ErrorCode,
  getArchivedClassRows,
  getClassInfo,
  getGraduatePageRows,
  getMyClassRows,
  getStudentPageRows,
  previewRollover,
  studentBatchAdd,
  updateClass,
  yearMessages,
  type RolloverInput,
} from '@ondoku/contract';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { classes, classStudents, students } from '../../db/schema/index.js';
import { call, download } from '../../test/call.js';
import { buildClass, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createStudents } from './index.js';
import { gradeNumber, nextGrade } from './rollover-service.js';
import { exportGraduatesXls, exportRolloverReportXls, getRolloverRows, japaneseDateTime } from '@ondoku/contract';
import ExcelJS from 'exceljs';
import { yearRollovers } from '../../db/schema/index.js';
import { rolloverClassStates, rolloverGraduateState } from './rollover-report-file.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

let seq = 0;
/** A small school: 4年1組 (4), 5年1組 (3), 6年1組 (2), a club that goes on (one of each). */
async function school(me: SignedInTeacher) {
  const p = `r${++seq}${Date.now().toString(36)}`;
  const c4 = await buildClass(t, { teacher: me.teacher, name: '4年1組' });
  const c5 = await buildClass(t, { teacher: me.teacher, name: '5年1組' });
  const c6 = await buildClass(t, { teacher: me.teacher, name: '6年1組' });
  const club = await buildClass(t, { teacher: me.teacher, name: '英語クラブ' });
  const kids = (grade: string, n: number, classIds: number[]) =>
    Array.from({ length: n }, (_, i) => ({
      loginId: `${p}-${grade.replace('年', '')}-${i + 1}`,
      name: `${grade}の子${i + 1}`,
      gradeName: grade,
      classIds,
    }));
  await t.db.transaction((tx) =>
    createStudents(tx, t.secretBox, me.teacher.id, [
      ...kids('4年', 4, [c4.id]),
      ...kids('5年', 3, [c5.id]),
      ...kids('6年', 2, [c6.id]),
    ]),
  );
  await call(t, studentBatchAdd, { team_id: club.id, student_ids: [`${p}-5-1`, `${p}-6-1`] }, { as: me });
  return { p, c4, c5, c6, club };
}

async function snapshot(teacherId: number) {
  const cs = await t.db.select().from(classes).where(eq(classes.teacherId, teacherId));
  const ss = await t.db.select().from(students).where(eq(students.teacherId, teacherId));
  const ms = await t.db.execute(
    sql`select cs.* from class_students cs join students s on s.id = cs.student_id where s.teacher_id = ${teacherId}`,
  );
  const sorted = (rows: unknown[]) => rows.map((r) => JSON.stringify(r)).sort();
  return { classes: sorted(cs), students: sorted(ss), memberships: sorted(ms.rows) };
}

const planOf = (s: Awaited<ReturnType<typeof school>>): RolloverInput => ({
  plans: [
    { team_id: s.c6.id, action: 'graduate' },
    { team_id: s.c5.id, action: 'next', name: '6年1組' },
    { team_id: s.c4.id, action: 'split' },
  ],
  assignments: [
    { student_id: `${s.p}-4-1`, team_name: '5年1組' },
    { student_id: `${s.p}-4-2`, team_name: '5年1組' },
    { student_id: `${s.p}-4-3`, team_name: '5年2組' },
    { student_id: `${s.p}-4-4`, team_name: '5年2組' },
  ],
});

describe('grades', () => {
  it('advance N年 (full-width too), 6年 graduates, free text stays', () => {
    expect([nextGrade('4年'), nextGrade('５年'), nextGrade('6年'), nextGrade('3年生'), nextGrade('ひまわり')]).toEqual([
      '5年',
      '6年',
      'graduate',
      '4年',
      'ひまわり',
    ]);
    expect(gradeNumber('7年')).toBeNull();
  });
});

describe('team/year-rollover-preview', () => {
  it('computes every change and writes nothing', async () => {
    const me = await teacherWithToken(t);
    const s = await school(me);
    expect((await call(t, previewRollover, planOf(s))).status).toBe(401);
    const before = await snapshot(me.teacher.id);
    const res = await call(t, previewRollover, planOf(s), { as: me });
    expect(res.errcode).toBe(0);
    const r = res.data;
    expect(r.errors).toEqual([]);
    expect(r.committed_at).toBeNull();
    expect(r.created_teams).toEqual(['5年1組', '5年2組', '6年1組']);
    expect(r.archived_teams.map((c) => c.name)).toEqual(['4年1組', '5年1組', '6年1組']);
    expect(r.kept_teams.map((c) => c.name)).toEqual(['英語クラブ']);
    expect(r.graduates.map((g) => g.student_id).sort()).toEqual([`${s.p}-6-1`, `${s.p}-6-2`]);
    const moves = r.moves.map((m) => `${m.student_id}:${m.from_team}→${m.to_team}:${m.grade_from}→${m.grade_to}`);
    expect(moves).toEqual([
      `${s.p}-4-1:4年1組→5年1組:4年→5年`,
      `${s.p}-4-2:4年1組→5年1組:4年→5年`,
      `${s.p}-4-3:4年1組→5年2組:4年→5年`,
      `${s.p}-4-4:4年1組→5年2組:4年→5年`,
      `${s.p}-5-1:5年1組→6年1組:5年→6年`,
      `${s.p}-5-2:5年1組→6年1組:5年→6年`,
      `${s.p}-5-3:5年1組→6年1組:5年→6年`,
      `${s.p}-5-1:英語クラブ→英語クラブ:5年→6年`,
    ]);
    expect(await snapshot(me.teacher.id)).toEqual(before);
  });

  it('reports what is missing, in Japanese', async () => {
    const me = await teacherWithToken(t);
    const s = await school(me);
    const res = await call(
      t,
      previewRollover,
      {
        plans: [
          { team_id: s.c5.id, action: 'next' },
          { team_id: s.c4.id, action: 'next', next_team_id: s.c5.id },
          { team_id: s.c6.id, action: 'split' },
        ],
      },
      { as: me },
    );
    expect(res.data.errors).toEqual([
      yearMessages.rolloverNextArchived('4年1組'),
      yearMessages.rolloverNextRequired('5年1組'),
      yearMessages.rolloverNoRoster('6年1組'),
    ]);
    const withRoster = await call(
      t,
      previewRollover,
      {
        ...planOf(s),
        assignments: [...planOf(s).assignments!.slice(1), { student_id: 'nobody-here', team_name: 'X' }],
      },
      { as: me },
    );
    expect(withRoster.data.errors).toEqual([
      yearMessages.rolloverUnknownStudents('nobody-here'),
      yearMessages.rolloverNotInRoster('4年1組', `${s.p}-4-1`),
    ]);
    const bad = await call(t, previewRollover, { plans: [{ team_id: s.c4.id, action: 'fly' }] }, { as: me });
    expect([bad.status, bad.errmsg]).toEqual([400, '入力内容に誤りがあります。']);
  });

  it("refuses another teacher's class ids (403) in plans and as the next class", async () => {
    const me = await teacherWithToken(t);
    const other = await teacherWithToken(t);
    const s = await school(me);
    const theirs = await buildClass(t, { teacher: other.teacher });
    const before = await snapshot(me.teacher.id);
    const a = await call(t, previewRollover, { plans: [{ team_id: theirs.id, action: 'graduate' }] }, { as: me });
    expect(a.status).toBe(403);
    const b = await call(
      t,
      commitRollover,
      { plans: [{ team_id: s.c4.id, action: 'next', next_team_id: theirs.id }] },
      { as: me },
    );
    expect(b.status).toBe(403);
    const c = await call(t, commitRollover, planOf(s), { as: other });
    expect(c.status).toBe(403);
    expect(await snapshot(me.teacher.id)).toEqual(before);
  });
});

describe('team/year-rollover-commit', () => {
  it('is all or nothing: a failure in the last step leaves everything as it was', async () => {
    const me = await teacherWithToken(t);
    const s = await school(me);
    const before = await snapshot(me.teacher.id);
    // Graduating (the commit's last write) fails for this teacher's students.
    await t.db.execute(
      sql.raw(`
      create or replace function fail_rollover() returns trigger language plpgsql as $$
      begin raise exception 'injected failure'; end $$;
      create trigger fail_rollover before update of archived_at on students
      for each row when (new.teacher_id = ${me.teacher.id} and new.archived_at is not null)
      execute function fail_rollover();`),
    );
    try {
      const res = await call(t, commitRollover, planOf(s), { as: me });
      expect(res.status).toBe(500);
      expect(res.errmsg).not.toContain('injected');
    } finally {
      await t.db.execute(sql`drop trigger fail_rollover on students`);
    }
    expect(await snapshot(me.teacher.id)).toEqual(before);
    expect(await t.db.select().from(yearRollovers).where(eq(yearRollovers.teacherId, me.teacher.id))).toEqual([]);
  });

  it('refuses a plan with problems and writes nothing', async () => {
    const me = await teacherWithToken(t);
    const s = await school(me);
    const before = await snapshot(me.teacher.id);
    const res = await call(t, commitRollover, { plans: [{ team_id: s.c4.id, action: 'split' }] }, { as: me });
    expect([res.status, res.errcode, res.errmsg]).toEqual([
      200,
      ErrorCode.ROLLOVER_INVALID,
      yearMessages.rolloverNoRoster('4年1組'),
    ]);
    expect(await snapshot(me.teacher.id)).toEqual(before);
  });

  it('takes the school year forward: every class and child afterwards', async () => {
    const me = await teacherWithToken(t);
    const s = await school(me);
    const res = await call(t, commitRollover, planOf(s), { as: me });
    expect(res.errcode).toBe(0);
    expect(res.data.committed_at).not.toBeNull();
    expect(res.data.moves).toHaveLength(8);

    const rows = (await call(t, getMyClassRows, {}, { as: me })).data.rows;
    expect(rows.map((r) => [r.name, r.student_count])).toEqual([
      ['英語クラブ', 1],
      ['5年1組', 2],
      ['5年2組', 2],
      ['6年1組', 3],
    ]);
    const page = (await call(t, getStudentPageRows, { limit: 100 }, { as: me })).data.rows;
    const who = Object.fromEntries(
      page.map((r) => [r.student_id, `${r.grade_name} ${r.teams.map((x) => x.name).join('+')}`]),
    );
    expect(who).toEqual({
      [`${s.p}-4-1`]: '5年 5年1組',
      [`${s.p}-4-2`]: '5年 5年1組',
      [`${s.p}-4-3`]: '5年 5年2組',
      [`${s.p}-4-4`]: '5年 5年2組',
      [`${s.p}-5-1`]: '6年 英語クラブ+6年1組',
      [`${s.p}-5-2`]: '6年 6年1組',
      [`${s.p}-5-3`]: '6年 6年1組',
    });

    // Graduates: closed, kept, listed apart and exportable.
    const grads = (await call(t, getGraduatePageRows, {}, { as: me })).data;
    expect(grads.rows.map((r) => r.student_id).sort()).toEqual([`${s.p}-6-1`, `${s.p}-6-2`]);
    expect(grads.rows[0]!.archived_at).toBe(res.data.committed_at);
    const file = await download(t, exportGraduatesXls, {}, { as: me });
    expect(file.status).toBe(200);
    expect(file.disposition).toContain('filename*=');

    // Last year's classes: hidden from the lists, read-only, still readable.
    const archived = (await call(t, getArchivedClassRows, {}, { as: me })).data.rows;
    expect(archived.map((r) => [r.name, r.student_count]).sort()).toEqual([
      ['4年1組', 4],
      ['5年1組', 3],
      ['6年1組', 2],
    ]);
    expect((await call(t, getClassInfo, { team_id: s.c4.id }, { as: me })).data.name).toBe('4年1組');
    const edit = await call(t, updateClass, { id: s.c4.id, name: '変更', allow_join: 1 }, { as: me });
    expect([edit.errcode, edit.errmsg]).toEqual([ErrorCode.CLASS_ARCHIVED, yearMessages.classArchived]);
    const add = await call(t, studentBatchAdd, { team_id: s.c4.id, student_ids: [`${s.p}-4-1`] }, { as: me });
    expect(add.errmsg).toBe(yearMessages.classArchived);
    // Memberships of last year stay as the record.
    const kept = await t.db.select().from(classStudents).where(eq(classStudents.classId, s.c4.id));
    expect(kept).toHaveLength(4);
  });
});

/** Every row of a sheet as plain values, header first. */
const sheetRows = (ws: ExcelJS.Worksheet) => {
  const out: unknown[][] = [];
  ws.eachRow((row) => out.push((row.values as unknown[]).slice(1)));
  return out;
};

describe('team/year-rollover-report-xls', () => {
  it('the committed roll-over as an xlsx, cell by cell; names stay text; only the teacher downloads it', async () => {
    const me = await teacherWithToken(t);
    const p = `x${++seq}${Date.now().toString(36)}`;
    const c4 = await buildClass(t, { teacher: me.teacher, name: '4年1組' });
    const c6 = await buildClass(t, { teacher: me.teacher, name: '6年1組' });
    const club = await buildClass(t, { teacher: me.teacher, name: '英語クラブ' });
    // Names a spreadsheet must never read as formulas.
    await t.db.transaction((tx) =>
      createStudents(tx, t.secretBox, me.teacher.id, [
        { loginId: `${p}-a`, name: '=HYPERLINK("http://x.example","y")', gradeName: '4年', classIds: [c4.id] },
        { loginId: `${p}-b`, name: '+1+2', gradeName: '4年', classIds: [c4.id] },
        { loginId: `${p}-c`, name: '@SUM(A1)', gradeName: '6年', classIds: [c6.id] },
        { loginId: `${p}-d`, name: '-3', gradeName: '6年', classIds: [c6.id, club.id] },
      ]),
    );
    const plan: RolloverInput = {
      plans: [
        { team_id: c4.id, action: 'next', name: '=5年1組' },
        { team_id: c6.id, action: 'graduate' },
        { team_id: club.id, action: 'keep' },
      ],
    };
    const preview = await call(t, previewRollover, plan, { as: me });
    expect(preview.data.rollover_id).toBeNull();
    const res = await call(t, commitRollover, plan, { as: me });
    expect(res.errcode).toBe(0);
    const id = res.data.rollover_id!;
    expect(id).toBeGreaterThan(0);

    const rows = (await call(t, getRolloverRows, {}, { as: me })).data.rows;
    expect(rows).toEqual([
      {
        rollover_id: id,
        committed_at: res.data.committed_at,
        moved_count: 2,
        graduate_count: 2,
        created_count: 1,
        archived_count: 2,
      },
    ]);

    const file = await download(t, exportRolloverReportXls, { rollover_id: id }, { as: me });
    expect(file.status).toBe(200);
    expect(file.contentType).toContain('spreadsheetml');
    const stamp = res.data.committed_at!.slice(0, 10).replace(/-/g, '');
    expect(decodeURIComponent(file.disposition.split("UTF-8''")[1]!)).toMatch(/^年度更新の記録_\d{8}\.xlsx$/);
    // The school's date (Asia/Tokyo), a day after UTC's at most.
    expect(
      Number(decodeURIComponent(file.disposition.split("UTF-8''")[1]!).slice(8, 16)) - Number(stamp),
    ).toBeLessThanOrEqual(1);

    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['概要', '生徒の移動', '卒業生', 'クラス']);
    expect(sheetRows(wb.getWorksheet('概要')!)).toEqual([
      ['項目', '内容'],
      ['年度更新の実行日時', japaneseDateTime(res.data.committed_at!)],
      ['進級・クラス替えをした生徒（人）', 2],
      ['卒業した生徒（人）', 2],
      ['新しく作成したクラス', 1],
      ['昨年度のクラスになったクラス（閲覧のみ・非表示）', 2],
      ['そのまま続くクラス', 1],
    ]);
    const moves = wb.getWorksheet('生徒の移動')!;
    expect(sheetRows(moves)).toEqual([
      ['生徒ID', '氏名', '元のクラス', '新しいクラス', '元の学年', '新しい学年'],
      [`${p}-a`, '=HYPERLINK("http://x.example","y")', '4年1組', '=5年1組', '4年', '5年'],
      [`${p}-b`, '+1+2', '4年1組', '=5年1組', '4年', '5年'],
    ]);
    const graduates = wb.getWorksheet('卒業生')!;
    expect(sheetRows(graduates)).toEqual([
      ['生徒ID', '氏名', 'クラス', '学年', '状態'],
      [`${p}-c`, '@SUM(A1)', '6年1組', '6年', rolloverGraduateState],
      [`${p}-d`, '-3', '6年1組', '6年', rolloverGraduateState],
    ]);
    expect(sheetRows(wb.getWorksheet('クラス')!)).toEqual([
      ['クラス名', '年度更新後'],
      ['=5年1組', rolloverClassStates.created],
      ['4年1組', rolloverClassStates.archived],
      ['6年1組', rolloverClassStates.archived],
      ['英語クラブ', rolloverClassStates.kept],
    ]);
    // Every cell is a value, none a formula: names starting with = + - @ stay text.
    for (const ws of wb.worksheets)
      ws.eachRow((row) =>
        row.eachCell((cell) => {
          expect(cell.type, `${ws.name}!${cell.address}`).not.toBe(ExcelJS.ValueType.Formula);
          expect(cell.formula, `${ws.name}!${cell.address}`).toBeUndefined();
        }),
      );
    for (const cell of [moves.getCell('B2'), moves.getCell('B3'), moves.getCell('D2'), graduates.getCell('B2')])
      expect(cell.type, cell.address).toBe(ExcelJS.ValueType.String);

    // Another teacher's roll-over is the same as none; an unknown id too.
    const other = await teacherWithToken(t);
    const theirs = await download(t, exportRolloverReportXls, { rollover_id: id }, { as: other });
    expect([theirs.status, theirs.error?.errcode]).toEqual([404, ErrorCode.NOT_FOUND]);
    expect((await call(t, getRolloverRows, {}, { as: other })).data.rows).toEqual([]);
    expect((await download(t, exportRolloverReportXls, { rollover_id: id + 1000 }, { as: me })).status).toBe(404);
  });
});

describe('team/year-rollover-roster', () => {
  const upload = (me: SignedInTeacher | undefined, text: string) => {
    const mp = multipart({}, { name: 'roster.csv', data: Buffer.from(text) });
    return t.app.inject({
      method: 'POST',
      url: '/api/v2/team/year-rollover-roster',
      payload: mp.payload,
      headers: { ...(me?.auth ?? {}), ...mp.headers },
    });
  };
  it('reads 生徒ID and 新しいクラス; reports bad rows; 401', async () => {
    const me = await teacherWithToken(t);
    expect((await upload(undefined, 'a')).statusCode).toBe(401);
    const ok = (await upload(me, '生徒ID,氏名,新しいクラス\r\nabc1,あ,5年1組\r\nＡＢＣ２,い,5年2組\r\n')).json();
    expect(ok.data).toEqual({
      assignments: [
        { student_id: 'abc1', team_name: '5年1組' },
        { student_id: 'ABC2', team_name: '5年2組' },
      ],
      errors: [],
    });
    const bad = (await upload(me, '生徒ID,新しいクラス\r\nabc1,\r\nabc1,x\r\n')).json();
    expect(bad.data.assignments).toEqual([]);
    expect(bad.data.errors.map((e: { row: number }) => e.row)).toEqual([2, 3]);
    const cols = (await upload(me, '生徒ID,氏名\r\nabc1,あ\r\n')).json();
    expect(cols.errmsg).toBe(yearMessages.rosterMissingColumns);
  });
});
