import ExcelJS from 'exceljs';
import type { checkApplyRoster, putApplyRequest } from '@ondoku/contract';
import {
  applyLimits,
  applyMessages,
  getApplicationFile,
  getApplyBasicInfo,
  getApplyOrderList,
  getApplyOrderSelectData,
  getHomeworkNoticePageList,
  studentMessages,
  withdrawApplication,
  type CallOutput,
} from '@ondoku/contract';
import { and, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountApplications, classes, students } from '../../db/schema/index.js';
import { call, download } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { multipart } from '../../test/multipart.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import {
  approveApplication,
  completeApplication,
  listApplicationsForOperator,
  OperatorError,
  returnApplication,
} from './index.js';

let t: TestApp;
let teacher: SignedInTeacher;
beforeAll(async () => {
  t = await buildTestApp();
  teacher = await teacherWithToken(t, { school: '音読小学校', nickname: '山田先生' });
});
afterAll(() => t.close());

const HEAD = ['生徒ID', '氏名', 'ふりがな', '学年', '組', '出席番号', '初期パスワード', 'クラス'];
const csv = (rows: (string | number)[][]) =>
  rows.map((r) => r.map((c) => `"${String(c).replace(/"/g, '""')}"`).join(',')).join('\r\n') + '\r\n';
const rosterRows = (prefix: string, n: number, className = '申請1組') =>
  Array.from({ length: n }, (_, i) => [
    `${prefix}-${i + 1}`,
    `申請 太郎${i + 1}`,
    'しんせい たろう',
    '3年',
    '1組',
    i + 1,
    'abc12345',
    className,
  ]);
const rosterCsv = (prefix: string, n: number, className?: string) =>
  Buffer.from(csv([HEAD, ...rosterRows(prefix, n, className)]));
const pdf = Buffer.from('%PDF-1.4\n1 0 obj <<>> endobj\ntrailer <<>>\n%%EOF\n');

type Who = SignedInTeacher | undefined;
const send = (
  path: 'roster-check' | 'requests-put',
  who: Who,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer },
) => {
  const mp = multipart(fields, file);
  return t.app.inject({
    method: 'POST',
    url: `/api/v2/account-apply/${path}`,
    payload: mp.payload,
    headers: { ...(who ? { authorization: `Bearer ${who.token}` } : {}), ...mp.headers },
  });
};
type Replied = CallOutput<typeof checkApplyRoster> & CallOutput<typeof putApplyRequest>;
const json = (res: { body: string }) => JSON.parse(res.body) as { errcode: number; errmsg: string; data: Replied };
const applicationsOf = async (teacherId: number) =>
  t.db.select().from(accountApplications).where(eq(accountApplications.teacherId, teacherId));
const studentCount = async (teacherId: number) =>
  (await t.db.select({ n: count() }).from(students).where(eq(students.teacherId, teacherId)))[0]!.n;
const ops = () => ({ storage: t.storage, box: t.secretBox });

describe('basic-info and order-select-data', () => {
  it('answers 401 without a token', async () => {
    expect((await call(t, getApplyBasicInfo, {})).status).toBe(401);
    expect((await call(t, getApplyOrderSelectData, {})).status).toBe(401);
    expect((await send('requests-put', undefined, { apply_type: 'renewal' })).statusCode).toBe(401);
  });

  it('tells the school, the teacher, the accounts in use and allowed, and the school year', async () => {
    const me = await teacherWithToken(t, { school: '北小学校', nickname: '佐藤先生' });
    const c = await buildClass(t, { teacher: me.teacher });
    await buildStudents(t, 3, { teacher: me.teacher, classIds: [c.id] });
    const r = await call(t, getApplyBasicInfo, {}, { as: me });
    expect(r.errcode).toBe(0);
    expect(r.data).toMatchObject({ school_name: '北小学校', teacher_name: '佐藤先生', pending_count: 0 });
    expect(r.data.school_year).toBeGreaterThanOrEqual(2025);
    expect(r.data.accounts).toEqual([
      { kind: 'student', name: '生徒アカウント', in_use: 3, allowed: applyLimits.includedAccounts.student },
      { kind: 'teacher', name: '教師アカウント', in_use: 1, allowed: applyLimits.includedAccounts.teacher },
    ]);
  });

  it('lists the kinds with their files and limits, the grades and the teacher’s classes', async () => {
    const me = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: me.teacher, name: '選べる組' });
    const r = await call(t, getApplyOrderSelectData, {}, { as: me });
    expect(r.data.apply_types.map((k) => k.apply_type)).toEqual([
      'new_students',
      'add_students',
      'teacher_account',
      'renewal',
    ]);
    const newStudents = r.data.apply_types[0]!;
    expect(newStudents).toMatchObject({
      file_kinds: ['roster', 'document'],
      extensions: ['.xlsx', '.csv', '.pdf'],
      max_bytes: 5 * 1024 * 1024,
      max_rows: 3000,
      pending: false,
    });
    expect(r.data.apply_types[2]).toMatchObject({ file_kinds: ['document'], extensions: ['.pdf'], max_rows: 0 });
    expect(r.data.grades).toContain('6年');
    expect(r.data.teams).toEqual([{ team_id: c.id, name: '選べる組' }]);
    expect(r.data.apply_statuses.map((s) => s.name)).toEqual(['申請中', '承認', '差し戻し', '完了', '取り下げ']);
  });
});

describe('roster-check', () => {
  it('shows every row as it would be created, and stores nothing', async () => {
    const res = await send(
      'roster-check',
      teacher,
      { apply_type: 'new_students' },
      {
        name: '名簿.csv',
        data: rosterCsv('chk', 2, '確認1組'),
      },
    );
    expect(res.statusCode).toBe(200);
    const { data } = json(res);
    expect(data.file_kind).toBe('roster');
    expect(data.errors).toEqual([]);
    expect(data.rows).toEqual([
      expect.objectContaining({
        row: 2,
        student_id: 'chk-1',
        name: '申請 太郎1',
        team_name: '確認1組',
        has_password: true,
      }),
      expect.objectContaining({ row: 3, student_id: 'chk-2', number: '2', grade_name: '3年', class_name: '1組' }),
    ]);
    expect(await applicationsOf(teacher.teacher.id)).toEqual([]);
    expect(await t.db.select().from(classes).where(eq(classes.name, '確認1組'))).toEqual([]);
  });

  it('reads an xlsx roster with the same columns', async () => {
    const wb = new ExcelJS.Workbook();
    const ws = wb.addWorksheet('生徒');
    for (const r of [HEAD, ...rosterRows('xl', 3, 'エクセル組')]) ws.addRow(r);
    const data = Buffer.from(await wb.xlsx.writeBuffer());
    const { data: r } = json(
      await send('roster-check', teacher, { apply_type: 'new_students' }, { name: 'r.xlsx', data }),
    );
    expect(r.errors).toEqual([]);
    expect(r.rows.map((x) => [x.student_id, x.team_name])).toEqual([
      ['xl-1', 'エクセル組'],
      ['xl-2', 'エクセル組'],
      ['xl-3', 'エクセル組'],
    ]);
  });

  it('reports duplicate ids, ids already taken by another school and bad rows, row by row', async () => {
    const [taken] = await buildStudents(t, 1, { prefix: 'taken' });
    const data = Buffer.from(
      csv([
        HEAD,
        ['dup-1', '一郎', '', '', '', '', '', 'A組'],
        ['dup-1', '二郎', '', '', '', '', '', 'A組'],
        [taken!, '三郎', '', '', '', '', '', 'A組'],
        ['ok-1', '', '', '', '', '', '', 'A組'],
      ]),
    );
    const { data: r } = json(
      await send('roster-check', teacher, { apply_type: 'new_students' }, { name: 'r.csv', data }),
    );
    expect(r.errors).toEqual([
      { row: 3, student_id: 'dup-1', message: studentMessages.rowDuplicateInFile('dup-1', 2) },
      { row: 4, student_id: taken, message: studentMessages.rowIdTaken(taken!) },
      { row: 5, student_id: 'ok-1', message: `氏名：${studentMessages.studentNameRequired}` },
    ]);
  });

  it('refuses an empty roster, a 0-byte file, a wrong type and an oversized file with a Japanese reason', async () => {
    const empty = json(
      await send(
        'roster-check',
        teacher,
        { apply_type: 'new_students' },
        { name: 'e.csv', data: Buffer.from(csv([HEAD])) },
      ),
    );
    expect(empty.errmsg).toBe(studentMessages.fileEmpty);
    const zero = await send(
      'roster-check',
      teacher,
      { apply_type: 'new_students' },
      { name: 'z.csv', data: Buffer.alloc(0) },
    );
    expect([zero.statusCode, json(zero).errmsg]).toEqual([400, applyMessages.fileEmpty]);
    const none = await send('roster-check', teacher, { apply_type: 'new_students' });
    expect([none.statusCode, json(none).errmsg]).toEqual([400, applyMessages.fileRequired]);
    const txt = json(await send('roster-check', teacher, { apply_type: 'new_students' }, { name: 'a.txt', data: pdf }));
    expect(txt.errmsg).toBe(applyMessages.fileType);
    const fakePdf = json(
      await send('roster-check', teacher, { apply_type: 'renewal' }, { name: 'a.pdf', data: Buffer.from('not a pdf') }),
    );
    expect(fakePdf.errmsg).toBe(applyMessages.pdfUnreadable);
    const rosterForTeacher = json(
      await send(
        'roster-check',
        teacher,
        { apply_type: 'teacher_account' },
        { name: 'a.csv', data: rosterCsv('x', 1) },
      ),
    );
    expect(rosterForTeacher.errmsg).toBe(applyMessages.fileTypeDocument);
    const big = await send(
      'roster-check',
      teacher,
      { apply_type: 'new_students' },
      {
        name: 'big.csv',
        data: Buffer.alloc(applyLimits.maxBytes + 1, 0x41),
      },
    );
    expect([big.statusCode, json(big).errmsg]).toEqual([413, applyMessages.fileTooLarge]);
    const noClass = await send(
      'roster-check',
      teacher,
      { apply_type: 'add_students' },
      { name: 'a.csv', data: rosterCsv('y', 1) },
    );
    expect([noClass.statusCode, json(noClass).errmsg]).toEqual([400, applyMessages.classRequired]);
  });

  it('refuses the guest', async () => {
    const guest = await teacherWithToken(t, { type: 'guest' });
    const res = await send('roster-check', guest, { apply_type: 'renewal' }, { name: 'a.pdf', data: pdf });
    expect(res.statusCode).toBe(403);
    expect(
      (await send('requests-put', guest, { apply_type: 'renewal' }, { name: 'a.pdf', data: pdf })).statusCode,
    ).toBe(403);
    // The guest may still look.
    expect((await call(t, getApplyBasicInfo, {}, { as: guest })).errcode).toBe(0);
  });
});

describe('requests-put, the list, the file and withdrawal', () => {
  it('stores a roster application, refuses a second of the same kind, lists it and gives the file back', async () => {
    const me = await teacherWithToken(t);
    const roster = rosterCsv('put', 2, '申請A組');
    const res = await send(
      'requests-put',
      me,
      { apply_type: 'new_students', note: '4月から', grade_name: '3年' },
      {
        name: '新入生名簿.csv',
        data: roster,
      },
    );
    expect(res.statusCode).toBe(200);
    const { id } = json(res).data as { id: number };

    const again = json(
      await send('requests-put', me, { apply_type: 'new_students' }, { name: 'b.csv', data: rosterCsv('put2', 1) }),
    );
    expect(again.errmsg).toBe(applyMessages.alreadyPending);
    // Another kind may be sent meanwhile.
    expect(
      json(await send('requests-put', me, { apply_type: 'renewal' }, { name: '継続.pdf', data: pdf })).errcode,
    ).toBe(0);

    const list = await call(t, getApplyOrderList, { page: 1, limit: 20 }, { as: me });
    expect(list.data.total).toBe(2);
    expect(list.data.rows[1]).toMatchObject({
      id,
      apply_type: 'new_students',
      apply_status: 'pending',
      file_name: '新入生名簿.csv',
      file_kind: 'roster',
      row_count: 2,
      note: '4月から',
      grade_name: '3年',
      reason: '',
    });
    const pending = await call(t, getApplyOrderList, { apply_type: 'renewal', apply_status: 'pending' }, { as: me });
    expect(pending.data.rows.map((r) => r.apply_type)).toEqual(['renewal']);
    const today = new Date(Date.now() + 9 * 3600_000).toISOString().slice(0, 10);
    expect((await call(t, getApplyOrderList, { start_time: today, end_time: today }, { as: me })).data.total).toBe(2);
    expect((await call(t, getApplyOrderList, { end_time: '2020-01-01' }, { as: me })).data.total).toBe(0);
    const bad = await call(t, getApplyOrderList, { start_time: '2026-05-01', end_time: '2026-04-01' }, { as: me });
    expect([bad.status, bad.errmsg]).toEqual([400, applyMessages.periodInvalid]);

    const file = await download(t, getApplicationFile, { id }, { as: me });
    expect(file.status).toBe(200);
    expect(file.contentType).toContain('text/csv');
    expect(file.body.equals(roster)).toBe(true);
    expect(decodeURIComponent(file.disposition)).toContain('新入生名簿.csv');
    expect((await call(t, getApplyOrderSelectData, {}, { as: me })).data.apply_types[0]!.pending).toBe(true);
  });

  it('refuses a roster with errors whole, and the form’s own rules', async () => {
    const me = await teacherWithToken(t);
    const bad = Buffer.from(
      csv([HEAD, ['same-1', '一', '', '', '', '', '', 'X組'], ['same-1', '二', '', '', '', '', '', 'X組']]),
    );
    const r = json(await send('requests-put', me, { apply_type: 'new_students' }, { name: 'bad.csv', data: bad }));
    expect(r.errmsg).toBe(applyMessages.rosterHasErrors(1));
    const noName = await send('requests-put', me, { apply_type: 'teacher_account' }, { name: 'a.pdf', data: pdf });
    expect([noName.statusCode, json(noName).errmsg]).toEqual([400, applyMessages.teacherNameRequired]);
    const kind = await send('requests-put', me, { apply_type: 'everything' }, { name: 'a.pdf', data: pdf });
    expect([kind.statusCode, json(kind).errmsg]).toEqual([400, applyMessages.typeRequired]);
    expect(await applicationsOf(me.teacher.id)).toEqual([]);
    const ok = json(
      await send(
        'requests-put',
        me,
        { apply_type: 'teacher_account', teacher_name: '鈴木 花子', teacher_email: 'suzuki@school.example' },
        { name: '申込書.pdf', data: pdf },
      ),
    );
    expect(ok.errcode).toBe(0);
    const pdfFile = await download(t, getApplicationFile, { id: ok.data.id }, { as: me });
    expect([pdfFile.contentType, pdfFile.body.equals(pdf)]).toEqual(['application/pdf', true]);
  });

  it('withdraws while 申請中 only; another teacher gets 404 for the file and the withdrawal', async () => {
    const me = await teacherWithToken(t);
    const other = await teacherWithToken(t);
    const { data } = json(await send('requests-put', me, { apply_type: 'renewal' }, { name: 'r.pdf', data: pdf }));
    expect((await download(t, getApplicationFile, { id: data.id }, { as: other })).status).toBe(404);
    expect((await call(t, withdrawApplication, { id: data.id }, { as: other })).status).toBe(404);
    expect((await call(t, withdrawApplication, { id: data.id }, { as: me })).errcode).toBe(0);
    const again = await call(t, withdrawApplication, { id: data.id }, { as: me });
    expect(again.errmsg).toBe(applyMessages.notPending);
    const [row] = await applicationsOf(me.teacher.id);
    expect(row!.status).toBe('withdrawn');
    // Withdrawn, the kind may be applied for again.
    expect(json(await send('requests-put', me, { apply_type: 'renewal' }, { name: 'r.pdf', data: pdf })).errcode).toBe(
      0,
    );
  });
});

describe('the operator’s decisions (admin commands)', () => {
  it('approving a roster creates its classes and students at once, with a notice and the status 完了', async () => {
    const me = await teacherWithToken(t);
    const existing = await buildClass(t, { teacher: me.teacher, name: '既存の組' });
    const data = Buffer.from(csv([HEAD, ...rosterRows('appr', 2, '承認1組'), ...rosterRows('apprb', 1, '既存の組')]));
    const { data: made } = json(
      await send('requests-put', me, { apply_type: 'new_students' }, { name: 'n.csv', data }),
    );
    const listed = await listApplicationsForOperator(t.db, { status: 'pending' });
    expect(listed.find((a) => a.id === made.id)?.teacherLoginId).toBe(me.teacher.loginId);

    const d = await approveApplication(t.db, ops(), made.id, new Date());
    expect([d.created, d.application.status]).toEqual([3, 'completed']);
    expect(await studentCount(me.teacher.id)).toBe(3);

    const list = await call(t, getApplyOrderList, {}, { as: me });
    const [row] = list.data.rows;
    expect(row).toMatchObject({ apply_status: 'completed', created_count: 3 });
    expect(row!.created_teams.map((c) => c.name).sort()).toEqual(['承認1組', '既存の組'].sort());
    expect(row!.created_teams.find((c) => c.name === '既存の組')!.team_id).toBe(existing.id);
    const notices = await call(t, getHomeworkNoticePageList, {}, { as: me });
    expect(notices.data.rows[0]).toMatchObject({
      kind: 'application',
      homework_id: null,
      message: applyMessages.noticeCompleted('新規の生徒アカウント', 3),
    });
    const info = await call(t, getApplyBasicInfo, {}, { as: me });
    expect(info.data.accounts[0]).toMatchObject({ in_use: 3, allowed: applyLimits.includedAccounts.student + 3 });
    await expect(approveApplication(t.db, ops(), made.id, new Date())).rejects.toThrow(OperatorError);
  });

  it('adds a roster to the chosen class, and changes nothing when an id was taken meanwhile', async () => {
    const me = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: me.teacher, name: '追加の組' });
    const { data: made } = json(
      await send(
        'requests-put',
        me,
        { apply_type: 'add_students', team_id: String(c.id) },
        {
          name: 'add.csv',
          data: rosterCsv('late', 2, ''),
        },
      ),
    );
    // Another school takes one of the ids before the operator approves.
    const rival = await buildClass(t);
    await t.db.transaction(async (tx) => {
      const { createStudents } = await import('../students/index.js');
      await createStudents(tx, t.secretBox, rival.teacherId, [
        { loginId: 'late-2', name: '先取り', classIds: [rival.id] },
      ]);
    });
    await expect(approveApplication(t.db, ops(), made.id, new Date())).rejects.toThrow(/late-2/);
    expect(await studentCount(me.teacher.id)).toBe(0);
    const [row] = await applicationsOf(me.teacher.id);
    expect(row!.status).toBe('pending');

    await returnApplication(t.db, made.id, '生徒ID「late-2」は使われています。別のIDで申請してください。', new Date());
    const list = await call(t, getApplyOrderList, {}, { as: me });
    expect(list.data.rows[0]).toMatchObject({
      apply_status: 'returned',
      reason: '生徒ID「late-2」は使われています。別のIDで申請してください。',
      team_name: '追加の組',
    });
    const notices = await call(t, getHomeworkNoticePageList, {}, { as: me });
    expect(notices.data.rows[0]!.message).toContain('差し戻されました');
    await expect(returnApplication(t.db, made.id, 'もう一度', new Date())).rejects.toThrow(OperatorError);
  });

  it('a PDF application goes 申請中 → 承認 → 完了, each with a notice; a reason is required to send back', async () => {
    const me = await teacherWithToken(t);
    const { data: made } = json(
      await send(
        'requests-put',
        me,
        { apply_type: 'teacher_account', teacher_name: '田中 一郎', teacher_email: 'tanaka@school.example' },
        { name: '申込書.pdf', data: pdf },
      ),
    );
    await expect(returnApplication(t.db, made.id, '  ', new Date())).rejects.toThrow(OperatorError);
    await expect(completeApplication(t.db, made.id, new Date())).rejects.toThrow(OperatorError);
    expect((await approveApplication(t.db, ops(), made.id, new Date())).application.status).toBe('approved');
    const approved = await call(t, getApplyOrderList, { apply_status: 'approved' }, { as: me });
    expect(approved.data.rows[0]).toMatchObject({ teacher_name: '田中 一郎', teacher_email: 'tanaka@school.example' });
    expect((await call(t, withdrawApplication, { id: made.id }, { as: me })).errmsg).toBe(applyMessages.notPending);
    await completeApplication(t.db, made.id, new Date());
    const notices = await call(t, getHomeworkNoticePageList, {}, { as: me });
    expect(notices.data.rows.map((n) => n.message)).toEqual([
      applyMessages.noticeCompleted('教師アカウント', 0),
      applyMessages.noticeApproved('教師アカウント'),
    ]);
    const info = await call(t, getApplyBasicInfo, {}, { as: me });
    expect(info.data.accounts[1]).toMatchObject({ allowed: 2 });
    expect(
      (
        await t.db
          .select()
          .from(accountApplications)
          .where(and(eq(accountApplications.id, made.id)))
      )[0]!.status,
    ).toBe('completed');
  });
});
