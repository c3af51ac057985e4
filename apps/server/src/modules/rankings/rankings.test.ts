import {
  downloadTaskFile,
  exportIntegralRanking,
  getDownloadTaskPageList,
  getExerciseCountRanking,
  getExerciseScoreRanking,
  getIntegralRanking,
  getIntegralRankingExport,
  getRankingSettings,
  getRecordDurationRanking,
  getStudentRanking,
  integralPoints,
  messages,
  rankingMessages,
  saveRankingSettings,
} from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts, students } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { call, download } from '../../test/call.js';
import { queriesDuring } from '../../test/read-cache-probes.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildResource } from '../../test/homework-factories.js';
import { signInStudent, type SignedInStudent } from '../../test/learn-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The four rankings on one class whose children practised around a month's and a term's edge:
 * Wednesday 2 September 2026 (JST) is in a week that began on Monday 31 August (1学期), a month
 * and a term (2学期) that began on 1 September.
 */
const clock = manualClock('2026-09-02T03:00:00Z');
const jst = (date: string, time = '10:00') => new Date(`${date}T${time}:00+09:00`);

let t: TestApp;
let me: SignedInTeacher;
let guest: SignedInTeacher;
let other: SignedInTeacher;
let classId: number;
let emptyClassId: number;
let otherClassId: number;
let ids: string[];
let kids: SignedInStudent[];
let stranger: SignedInStudent;

async function practise(
  loginId: string,
  at: Date,
  score: number,
  opts: { resourceId?: number; seconds?: number } = {},
) {
  const [s] = await t.db.select().from(students).where(eq(students.loginId, loginId));
  await t.db.insert(attempts).values({
    studentId: s!.id,
    teacherId: s!.teacherId,
    resourceId: opts.resourceId ?? null,
    type: 'sentence_reading',
    score,
    questionCount: 1,
    durationMs: (opts.seconds ?? 10) * 1000,
    createdAt: at,
  });
}

beforeAll(async () => {
  t = await buildTestApp({ clock });
  me = await teacherWithToken(t);
  guest = await teacherWithToken(t, { type: 'guest' });
  other = await teacherWithToken(t);
  const c = await buildClass(t, { teacher: me.teacher, name: '3年1組' });
  classId = c.id;
  emptyClassId = (await buildClass(t, { teacher: me.teacher, name: '空のクラス' })).id;
  otherClassId = (await buildClass(t, { teacher: other.teacher, name: 'よそのクラス' })).id;
  ids = await buildStudents(t, 5, { teacher: me.teacher, classIds: [classId], prefix: 'rk' });
  const [s1, s2, s3, s4] = ids as [string, string, string, string, string];
  const r1 = (await buildResource(t)).id;
  const r2 = (await buildResource(t)).id;
  // This week: s1 3 (one on 31 August, last month and last term), s2 2, s3 2, s4 1, s5 none.
  await practise(s1, jst('2026-08-31'), 90, { resourceId: r1, seconds: 30 });
  await practise(s1, jst('2026-09-01'), 70, { resourceId: r1, seconds: 30 });
  await practise(s1, jst('2026-09-02', '09:00'), 85, { resourceId: r2, seconds: 30 });
  await practise(s2, jst('2026-09-01'), 60, { resourceId: r1 });
  await practise(s2, jst('2026-09-01', '11:00'), 64, { resourceId: r1 });
  await practise(s3, jst('2026-09-02', '08:00'), 50);
  await practise(s3, jst('2026-09-02', '08:30'), 70);
  await practise(s4, jst('2026-09-01'), 100, { seconds: 120 });
  // Last week (24–30 August): s4 first with 5, s1 second with 1 (on Sunday the 30th, so its streak runs on).
  for (let i = 0; i < 5; i++) await practise(s4, jst('2026-08-25', `1${i}:00`), 80);
  await practise(s1, jst('2026-08-30'), 40);
  // Outside every period asked: a submission of the next week.
  await practise(s5Of(), jst('2026-09-08'), 99);
  kids = await Promise.all(ids.map((id) => signInStudent(t, id)));
  const [strangerId] = await buildStudents(t, 1, { teacher: other.teacher, classIds: [otherClassId], prefix: 'rx' });
  stranger = await signInStudent(t, strangerId!);
});
afterAll(() => t.close());

const s5Of = () => ids[4]!;
const byId = (rows: { student_id: string }[]) => rows.map((r) => ids.indexOf(r.student_id) + 1);

describe('the four rankings', () => {
  it('count this week: ties share a rank (1, 2, 2, 4, 5), every child listed, change since last week', async () => {
    const r = await call(t, getExerciseCountRanking, { team_id: classId, period: 'week' }, { as: me });
    expect(r.status).toBe(200);
    expect(r.data.period).toMatchObject({
      period: 'week',
      start_date: '2026-08-31',
      end_date: '2026-09-06',
      previous_start_date: '2026-08-24',
      previous_end_date: '2026-08-30',
    });
    expect(r.data.rows.map((x) => [x.rank, x.value])).toEqual([
      [1, 3],
      [2, 2],
      [2, 2],
      [4, 1],
      [5, 0],
    ]);
    expect(byId(r.data.rows)).toEqual([1, 2, 3, 4, 5]);
    // s1 was 2nd last week (+1), s4 1st (−3); the others did nothing then (null).
    expect(r.data.rows.map((x) => x.change)).toEqual([1, null, null, -3, null]);
    expect(r.data.total).toBe(5);
    expect(r.data.team).toEqual({ team_id: classId, name: '3年1組' });
  });

  it('pages by the limit (20 by default)', async () => {
    const r = await call(t, getExerciseCountRanking, { team_id: classId, page: 2, limit: 2 }, { as: me });
    expect(r.data).toMatchObject({ total: 5, page: 2, limit: 2 });
    expect(r.data.rows.map((x) => x.rank)).toEqual([2, 4]);
    const first = await call(t, getExerciseCountRanking, { team_id: classId }, { as: me });
    expect(first.data.limit).toBe(20);
  });

  it('this month starts on 1 September: 31 August is last month', async () => {
    const r = await call(t, getExerciseCountRanking, { team_id: classId, period: 'month' }, { as: me });
    expect(r.data.period).toMatchObject({
      start_date: '2026-09-01',
      end_date: '2026-09-30',
      previous_start_date: '2026-08-01',
    });
    // s1 2, s2 2, s3 2 tie; s4 1; s5's 8 September counts this month.
    const values = Object.fromEntries(r.data.rows.map((x) => [ids.indexOf(x.student_id) + 1, [x.rank, x.value]]));
    expect(values).toEqual({ 1: [1, 2], 2: [1, 2], 3: [1, 2], 4: [4, 1], 5: [4, 1] });
  });

  it('this term is 2学期 (September–December), compared with 1学期', async () => {
    const r = await call(t, getExerciseCountRanking, { team_id: classId, period: 'term' }, { as: me });
    expect(r.data.period).toMatchObject({
      start_date: '2026-09-01',
      end_date: '2026-12-31',
      previous_start_date: '2026-04-01',
      previous_end_date: '2026-08-31',
    });
    // In 1学期 s4 had 5 (1st), s1 2 (2nd): s1 is 1st now (+1), s4 4th (−3).
    const s1 = r.data.rows.find((x) => x.student_id === ids[0])!;
    const s4 = r.data.rows.find((x) => x.student_id === ids[3])!;
    expect([s1.rank, s1.change]).toEqual([1, 1]);
    expect([s4.rank, s4.change]).toEqual([4, -3]);
  });

  it('a chosen range, compared with as many days just before', async () => {
    const r = await call(
      t,
      getExerciseCountRanking,
      { team_id: classId, period: 'custom', start_time: '2026-08-31', end_time: '2026-08-31' },
      { as: me },
    );
    expect(r.data.period).toMatchObject({
      period: 'custom',
      previous_start_date: '2026-08-30',
      previous_end_date: '2026-08-30',
    });
    expect(r.data.rows[0]).toMatchObject({ student_id: ids[0], rank: 1, value: 1, change: 0 });
    expect(r.data.rows.slice(1).every((x) => x.rank === 2 && x.value === 0)).toBe(true);
  });

  it('score: the mean of the best score per material, one decimal', async () => {
    const r = await call(t, getExerciseScoreRanking, { team_id: classId }, { as: me });
    const v = Object.fromEntries(r.data.rows.map((x) => [ids.indexOf(x.student_id) + 1, x.value]));
    // s1: best of r1 90, r2 85 → 87.5; s2: 64; s3: two one-off materials 50 and 70 → 60; s4 100.
    expect(v).toEqual({ 1: 87.5, 2: 64, 3: 60, 4: 100, 5: 0 });
    expect(r.data.rows[0]!.student_id).toBe(ids[3]);
  });

  it('recording duration in seconds', async () => {
    const r = await call(t, getRecordDurationRanking, { team_id: classId }, { as: me });
    expect(r.data.rows.map((x) => [ids.indexOf(x.student_id) + 1, x.value])).toEqual([
      [4, 120],
      [1, 90],
      [2, 20],
      [3, 20],
      [5, 0],
    ]);
    expect(r.data.rows.map((x) => x.rank)).toEqual([1, 2, 3, 3, 5]);
  });

  it('integral points follow the rule (submissions, good scores, streak days)', async () => {
    const r = await call(t, getIntegralRanking, { team_id: classId }, { as: me });
    const v = Object.fromEntries(r.data.rows.map((x) => [ids.indexOf(x.student_id) + 1, x.value]));
    const p = integralPoints;
    // s1: 3 submissions, 2 materials ≥ 80, practised 30 Aug → 31 Aug → 1 Sep → 2 Sep: 3 days continued.
    expect(v[1]).toBe(3 * p.submission + 2 * p.good_score + 3 * p.streak);
    // s2: 2 submissions on one day; s3 likewise; s4: 1 submission of 100.
    expect(v[2]).toBe(2 * p.submission);
    expect(v[3]).toBe(2 * p.submission);
    expect(v[4]).toBe(p.submission + p.good_score);
    expect(v[5]).toBe(0);
  });

  it('a class of 0 children ranks nobody', async () => {
    const r = await call(t, getIntegralRanking, { team_id: emptyClassId }, { as: me });
    expect(r.data).toMatchObject({ rows: [], total: 0 });
  });

  it('bad input: an end before its start, a range without dates, an unknown or a stranger class; the guest reads', async () => {
    const back = await call(
      t,
      getExerciseCountRanking,
      { team_id: classId, period: 'custom', start_time: '2026-09-02', end_time: '2026-09-01' },
      { as: me },
    );
    expect([back.status, back.errmsg]).toEqual([400, rankingMessages.endBeforeStart]);
    const none = await call(t, getExerciseCountRanking, { team_id: classId, period: 'custom' }, { as: me });
    expect([none.status, none.errmsg]).toEqual([400, rankingMessages.customNeedsDates]);
    const unknown = await call(t, getExerciseCountRanking, { team_id: 999_999 }, { as: me });
    expect([unknown.status, unknown.errmsg]).toEqual([404, messages.notFound]);
    const stranger = await call(t, getExerciseCountRanking, { team_id: classId }, { as: other });
    expect(stranger.status).toBe(404);
    const guestRead = await call(t, getExerciseCountRanking, { team_id: otherClassId }, { as: guest });
    expect(guestRead.status).toBe(404);
    const anonymous = await call(t, getExerciseCountRanking, { team_id: classId }, {});
    expect(anonymous.status).toBe(401);
  });
});

describe('the printable integral ranking', () => {
  it('ranks each listed class whole; a stranger class refuses the list', async () => {
    const r = await call(t, getIntegralRankingExport, { team_ids: [classId, emptyClassId] as never }, { as: me });
    expect(r.data.classes.map((c) => [c.team.name, c.rows.length])).toEqual([
      ['3年1組', 5],
      ['空のクラス', 0],
    ]);
    expect(r.data.rules.map((x) => x.points)).toEqual(Object.values(integralPoints));
    const all = await call(t, getIntegralRankingExport, {}, { as: me });
    expect(all.data.classes.length).toBe(2);
    const mixed = await call(t, getIntegralRankingExport, { team_ids: [classId, otherClassId] as never }, { as: me });
    expect(mixed.status).toBe(403);
  });
});

describe('the integral ranking as xlsx (a download task)', () => {
  it('one sheet a class with the ranks and changes of the screen, and the rule', async () => {
    const r = await call(t, exportIntegralRanking, { team_ids: [classId] as never, period: 'week' }, { as: me });
    expect(r.data.task).toMatchObject({ kind: 'integral-ranking', status: 'processing' });
    expect(r.data.task.title).toBe('ポイントランキング：3年1組 今週（2026-08-31〜2026-09-06）');
    await t.app.downloads.runAll();
    const list = await call(t, getDownloadTaskPageList, {}, { as: me });
    const task = list.data.rows.find((x) => x.task_id === r.data.task.task_id)!;
    expect(task.status).toBe('finished');
    const file = await download(t, downloadTaskFile, { task_id: task.task_id }, { as: me });
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(file.body as unknown as ArrayBuffer);
    expect(wb.worksheets.map((w) => w.name)).toEqual(['1_3年1組', 'ポイントのルール']);
    const rows: unknown[][] = [];
    wb.worksheets[0]!.eachRow((row) => rows.push((row.values as unknown[]).slice(1)));
    expect(rows[0]).toEqual(['順位', '出席番号', '氏名', '生徒ID', 'ポイント', '前の期間から']);
    const screen = await call(t, getIntegralRanking, { team_id: classId }, { as: me });
    expect(rows.slice(1).map((x) => [x[0], x[3], x[4]])).toEqual(
      screen.data.rows.map((x) => [x.rank, x.student_id, x.value]),
    );
    const mixed = await call(t, exportIntegralRanking, { team_ids: [otherClassId] as never }, { as: me });
    expect(mixed.status).toBe(403);
  });
});

describe('privacy: what children see', () => {
  it('nothing until the teacher chooses', async () => {
    const s = await call(t, getRankingSettings, { team_id: classId }, { as: me });
    expect(s.data).toEqual({ team_id: classId, visibility: 'none', top_n: 10, hide_names: 1 });
    const r = await call(t, getStudentRanking, {}, { as: kids[0]!.token });
    expect(r.data).toMatchObject({ team_id: classId, visibility: 'none', rows: [], me: null });
  });

  it('the whole list with the others’ names hidden; children who did nothing are not shown to others', async () => {
    const saved = await call(
      t,
      saveRankingSettings,
      { team_id: classId, visibility: 'all', top_n: 10, hide_names: 1 },
      { as: me },
    );
    expect(saved.data.visibility).toBe('all');
    const r = await call(t, getStudentRanking, { kind: 'exercise_count' }, { as: kids[1]!.token });
    expect(r.data.rows.map((x) => [x.rank, x.name === null, x.me])).toEqual([
      [1, true, false],
      [2, false, true],
      [2, true, false],
      [4, true, false],
    ]);
    expect(r.data.rows[1]!.name).toMatch(/^生徒 /);
    expect(r.data.me).toEqual({ rank: 2, value: 2 });
    // The child who did nothing sees the others and themself at the end.
    const last = await call(t, getStudentRanking, { kind: 'exercise_count' }, { as: kids[4]!.token });
    expect(last.data.rows.map((x) => [x.rank, x.me])).toEqual([
      [1, false],
      [2, false],
      [2, false],
      [4, false],
      [5, true],
    ]);
  });

  it('only the top N, names shown; the child outside it sees only their own place', async () => {
    await call(t, saveRankingSettings, { team_id: classId, visibility: 'top', top_n: 1, hide_names: 0 }, { as: me });
    const r = await call(t, getStudentRanking, { kind: 'exercise_count' }, { as: kids[3]!.token });
    expect(r.data.rows.map((x) => [x.rank, x.me, x.name !== null])).toEqual([
      [1, false, true],
      [4, true, true],
    ]);
  });

  it('never another class; the guest may not change the choices; bad choices change nothing', async () => {
    const r = await call(t, getStudentRanking, { team_id: classId }, { as: stranger.token });
    expect(r.status).toBe(404);
    const own = await call(t, getStudentRanking, {}, { as: stranger.token });
    expect(own.data.teams).toEqual([{ team_id: otherClassId, name: 'よそのクラス' }]);
    const g = await call(
      t,
      saveRankingSettings,
      { team_id: classId, visibility: 'all', top_n: 5, hide_names: 0 },
      { as: guest },
    );
    expect(g.status).toBe(403);
    const bad = await call(
      t,
      saveRankingSettings,
      { team_id: classId, visibility: 'all', top_n: 0, hide_names: 0 },
      { as: me },
    );
    expect([bad.status, bad.errmsg]).toEqual([400, rankingMessages.topNRange]);
    const theirs = await call(
      t,
      saveRankingSettings,
      { team_id: classId, visibility: 'all', top_n: 5, hide_names: 0 },
      { as: other },
    );
    expect(theirs.status).toBe(404);
    const after = await call(t, getRankingSettings, { team_id: classId }, { as: me });
    expect(after.data).toMatchObject({ visibility: 'top', top_n: 1, hide_names: 0 });
    const teacherToken = await call(t, getStudentRanking, {}, { as: me });
    expect(teacherToken.status).toBe(401);
  });
});

describe('the read cache', () => {
  it('answers a ranking again from memory until a child submits, then reads anew', async () => {
    const input = { team_id: classId, period: 'week' as const };
    await call(t, getExerciseCountRanking, input, { as: me });
    expect(await queriesDuring(t, () => call(t, getExerciseCountRanking, input, { as: me }))).toBe(0);
    await practise(s5Of(), jst('2026-09-02', '11:00'), 75);
    const r = await call(t, getExerciseCountRanking, input, { as: me });
    expect(r.data.rows.find((x) => x.student_id === s5Of())?.value).toBe(1);
    // A week later the period has rolled over: read anew, not the kept reply.
    clock.set('2026-09-09T03:00:00Z');
    const next = await call(t, getExerciseCountRanking, input, { as: me });
    expect(next.data.period.start_date).toBe('2026-09-07');
    clock.set('2026-09-02T03:00:00Z');
  });
});
