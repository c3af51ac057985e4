import {
  allCalls,
  delayHomework,
  getPeriodicPlanList,
  getReissueList,
  getRolloverRows,
  exportStudentsXls,
  getHomeworkClassRows,
  getMyClassRows,
  getMyHomeworkPageList,
  getNewHomeworkList,
  getNewHomeworkSummary,
  getExerciseSummary,
  getCurrentMonthSummary,
  exportCurrentMonthSummary,
  getStudentBranchRows,
  getStudentPageRows,
  searchResources,
  searchStudent,
  needsStudent,
  type CallDef,
} from '@ondoku/contract';
import { randomUUID } from 'node:crypto';
import { eq, is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as schema from './db/schema/index.js';
import { createClassroomResource } from './modules/library/index.js';
import { call, download, queryString } from './test/call.js';
import { publishHomework } from './modules/homework/index.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from './test/factories.js';
import { buildHomework } from './test/homework-factories.js';
import { submitAttempt } from './test/attempt-factories.js';
import { buildEvaluationResult, signInStudent, type SignedInStudent } from './test/learn-factories.js';
import { multipart } from './test/multipart.js';
import { buildTestApp, type TestApp } from './test/test-app.js';

/**
 * Another teacher's token can neither read nor change anything of the owner's, whatever ids or
 * teacher_id it sends. The probed calls come from the contract: every guarded call whose input
 * has an id-like field (team_id, student_id(s), id, homework_id, …) is called with the owner's
 * ids and must answer 403/404 (or an empty list) and leave every table as it was. A new call
 * that takes ids is covered without editing this file; a new *kind* of id or a new required
 * field needs one line in `ownerValue` or `samples`, and the test says so.
 */
let t: TestApp;
let owner: SignedInTeacher;
let other: SignedInTeacher;
let own: {
  classId: number;
  otherClassId: number;
  loginIds: string[];
  homeworkId: number;
  resourceId: number;
  planId: number;
  reissueId: number;
  taskId: number;
  noticeId: number;
  topicId: number;
  attemptId: number;
  /** A writing note of the owner's to one of their children (student_messages). */
  messageId: number;
  /** A committed April roll-over of the owner (its report names an owner's child). */
  rolloverId: number;
  /** The students' side: a homework open to the owner's children (reissued); `topicId` is its topic. */
  learnHomeworkId: number;
};
/** Children probing the owner's children's records: another teacher's, and the owner's own in another class. */
let strangerStudent: SignedInStudent;
let classmateStudent: SignedInStudent;

beforeAll(async () => {
  t = await buildTestApp();
  owner = await teacherWithToken(t);
  other = await teacherWithToken(t);
  const c1 = await buildClass(t, { teacher: owner.teacher, name: '持ち主1' });
  const c2 = await buildClass(t, { teacher: owner.teacher, name: '持ち主2' });
  const loginIds = await buildStudents(t, 3, { teacher: owner.teacher, classIds: [c1.id], prefix: 'own' });
  const [hw] = await t.db
    .insert(schema.homework)
    .values({ teacherId: owner.teacher.id, title: '持ち主の宿題', startTime: new Date(), endTime: new Date() })
    .returning();
  const resource = await createClassroomResource(
    t.db,
    owner.teacher,
    {
      type: 'sentence_reading',
      title: '持ち主の教材',
      grade: 3,
      sentences: [{ text: 'Hello.', translation: 'こんにちは。' }],
    },
    t.media,
  );
  const day = 86_400_000;
  const plan = await t.db.transaction((tx) =>
    publishHomework(
      tx,
      owner.teacher,
      {
        homework_type: 'periodic',
        request_key: randomUUID(),
        title: '持ち主の定期宿題',
        team_ids: [c1.id],
        student_ids: [],
        publish_type: 'scheduled',
        publish_time: new Date(Date.now() + day).toISOString(),
        end_time: new Date(Date.now() + 30 * day).toISOString(),
        required_times: null,
        schedule: [{ weekday: 1, resource_ids: [resource.id] }],
        deadline_days: 7,
        review_missed: false,
      },
      new Date(),
    ),
  );
  const overdue = await buildHomework(t, { teacher: owner.teacher, now: new Date(Date.now() - 10 * day) });
  const reissue = await call(t, delayHomework, { homework_id: overdue.homeworkId }, { as: owner });
  const [task] = await t.db
    .insert(schema.downloadTasks)
    .values({
      teacherId: owner.teacher.id,
      kind: 'topic-student-score',
      params: { homework_id: overdue.homeworkId },
      title: '持ち主のダウンロード',
      status: 'failed',
      expiresAt: new Date(Date.now() + 86_400_000),
    })
    .returning();
  const [notice] = await t.db
    .insert(schema.homeworkNotices)
    .values({
      teacherId: owner.teacher.id,
      homeworkId: overdue.homeworkId,
      kind: 'overdue',
      key: 'overdue:isolation',
      message: '持ち主のお知らせ',
    })
    .returning();
  const [topic] = await t.db
    .select()
    .from(schema.homeworkTopics)
    .where(eq(schema.homeworkTopics.homeworkId, overdue.homeworkId));
  const attempt = await submitAttempt(t, {
    homeworkId: overdue.homeworkId,
    topicId: topic!.id,
    student: overdue.loginIds[0]!,
    answers: [{ question_id: 0, total: 70, accuracy: 70, fluency: 80, integrity: 100 }],
  });
  const [message] = await t.db
    .insert(schema.studentMessages)
    .values({
      studentId: attempt.studentId,
      teacherId: owner.teacher.id,
      kind: 'note',
      homeworkId: overdue.homeworkId,
      topicId: topic!.id,
      body: '持ち主のコメント',
      guid: 'isolation-note',
    })
    .returning();
  const [rollover] = await t.db
    .insert(schema.yearRollovers)
    .values({
      teacherId: owner.teacher.id,
      committedAt: new Date(),
      report: {
        errors: [],
        created_teams: ['持ち主の新クラス'],
        archived_teams: [{ team_id: c1.id, name: '持ち主1' }],
        kept_teams: [],
        moves: [],
        graduates: [{ student_id: loginIds[0]!, name: '持ち主の卒業生', from_team: '持ち主1', grade_name: '6年' }],
      },
    })
    .returning();
  // Of a third teacher: `other` must keep no students for the list checks below.
  const [strangerId] = await buildStudents(t, 1, { prefix: 'stranger' });
  const [classmateId] = await buildStudents(t, 1, { teacher: owner.teacher, classIds: [c2.id], prefix: 'mate' });
  strangerStudent = await signInStudent(t, strangerId!);
  classmateStudent = await signInStudent(t, classmateId!);
  own = {
    classId: c1.id,
    otherClassId: c2.id,
    loginIds,
    homeworkId: hw!.id,
    resourceId: resource.id,
    planId: plan.plan_id!,
    reissueId: reissue.data.reissue_id,
    taskId: task!.id,
    noticeId: notice!.id,
    topicId: topic!.id,
    attemptId: attempt.id,
    messageId: message!.id,
    rolloverId: rollover!.id,
    learnHomeworkId: overdue.homeworkId,
  };
});
afterAll(() => t.close());

const isIdField = (key: string) => key === 'id' || key === 'ids' || key.endsWith('_id') || key.endsWith('_ids');

/** The owner's record for an id-like field (the call's tag says what a bare `id` is). */
function ownerValue(c: CallDef, key: string): unknown {
  if (needsStudent(c)) {
    // The students' side: the owner's children's homework and topic, the owner's classroom material.
    if (key === 'homework_id') return own.learnHomeworkId;
    if (key === 'topic_id') return own.topicId;
    if (key === 'resource_id') return own.resourceId;
    // The owner's child's message (the inbox).
    if (key === 'ids' && c.tag === 'student-messages') return [own.messageId];
  }
  switch (key) {
    case 'team_id':
      return own.classId;
    case 'team_ids':
      return [own.otherClassId, own.classId];
    case 'from_team_id':
      return own.otherClassId;
    case 'student_id':
      return own.loginIds[0];
    case 'student_ids':
      return own.loginIds;
    case 'homework_id':
      return own.homeworkId;
    case 'homework_ids':
      return [own.homeworkId];
    case 'resource_id':
      return own.resourceId;
    case 'resource_ids':
      return [own.resourceId];
    case 'plan_id':
      return own.planId;
    case 'task_id':
      return own.taskId;
    case 'task_ids':
      return [own.taskId];
    case 'ids':
      if (c.tag === 'notices') return [own.noticeId];
      break;
    case 'topic_id':
      return own.topicId;
    case 'attempt_id':
      return own.attemptId;
    case 'rollover_id':
      return own.rolloverId;
    case 'question_id':
      return 0;
    case 'id':
      if (c.tag === 'classes') return own.classId;
      if (c.path.includes('reissue')) return own.reissueId;
      if (c.tag === 'homework') return own.homeworkId;
  }
  throw new Error(`${c.path}: add the owner's record for the id field "${key}" to ownerValue() in isolation.test.ts`);
}

/** Valid values of the other fields, so that a refusal is about ownership and not a 400. */
const samples = (c: CallDef): Record<string, unknown> => ({
  name: '乗っ取り',
  allow_join: 0,
  grade_name: '9年',
  class_name: '9組',
  furigana: '',
  number: '',
  student_count: 3,
  password: t.encrypt('stolen123'),
  include_hidden: 1,
  homework_type: 'routine',
  request_key: randomUUID(),
  title: '乗っ取りの宿題',
  publish_type: 'now',
  // A deadline in the bodies that publish and change; the list's end_time filter is a date.
  end_time: c.method === 'POST' ? new Date(Date.now() + 86_400_000).toISOString() : undefined,
  schedule: [{ weekday: 1, resource_ids: [own.resourceId] }],
  deadline_days: 7,
  review_missed: false,
  distributions: 1,
  // A download task's kind (the statistics export takes its own kinds).
  kind: c.path === '/api/v2/statistics/export' ? 'learning-progress' : 'topic-student-score',
  email: 'stranger@school.example',
  word_index: 0,
  // The comment draft (save-comment-draft).
  visible: true,
  content: '乗っ取りのコメント',
  type: c.path.endsWith('/correct-answer-word') ? 'normal' : undefined,
  guid: randomUUID(),
  // A submission naming a genuine result of the prober (set before each student probe).
  answers: [{ question_id: 0, sid: proberSid }],
});
let proberSid = 'none';

/** The fields of a call's input (a union of variants, like publish-homework's: its first variant's). */
const inputShape = (c: CallDef) => {
  const input = c.input as unknown as z.ZodObject | z.ZodDiscriminatedUnion<z.ZodObject[]>;
  return ('options' in input ? input.options[0]!.shape : input.shape) as Record<string, z.ZodType>;
};

const fieldsOf = (c: CallDef) => Object.keys(inputShape(c)).filter((k) => k !== 'file');

/** The input a probe sends: the owner's ids, valid samples for the rest. */
function probeInput(c: CallDef): Record<string, unknown> {
  const keys = fieldsOf(c);
  const sample = samples(c);
  const input: Record<string, unknown> = {};
  for (const key of keys) {
    if (isIdField(key)) input[key] = ownerValue(c, key);
    else if (sample[key] !== undefined) input[key] = sample[key];
  }
  return input;
}

/** As it travels: GET inputs are query strings, upload fields are text parts. */
const onTheWire = (c: CallDef, input: Record<string, unknown>) =>
  c.method === 'GET' || c.kind === 'upload'
    ? Object.fromEntries(Object.entries(input).map(([k, v]) => [k, Array.isArray(v) ? v.join(',') : String(v)]))
    : input;

const probed = allCalls.filter((c) => c.access !== 'public' && !needsStudent(c) && fieldsOf(c).some(isIdField));
/** The students' side calls that take ids: probed with other children's tokens. */
const studentProbed = allCalls.filter((c) => needsStudent(c) && fieldsOf(c).some(isIdField));

/** Every table (but the rate-limit counters, which the prober's own calls may move), sorted. */
async function snapshot() {
  const out: Record<string, string[]> = {};
  for (const table of Object.values(schema)) {
    if (!is(table, PgTable) || table === schema.rateLimitCounters) continue;
    const rows = await t.db.select().from(table);
    out[getTableConfig(table).name] = rows.map((r) => JSON.stringify(r)).sort();
  }
  return out;
}

const ownerQuery = () => `teacher_id=${owner.teacher.id}&flag=1`;

describe("another teacher's token, on every call that takes an id (from the contract)", () => {
  it('covers the calls we know take ids', () => {
    const paths = probed.map((c) => c.path);
    for (const p of ['/api/v2/team/info', '/api/v2/team/update', '/api/v2/team/change-student-info'])
      expect(paths).toContain(p);
    expect(paths).toContain('/api/v2/homework/student-list-by-team');
    expect(paths).toContain('/api/v2/team/import-team-students-list');
    expect(paths).toContain('/api/v2/resource/detail');
    for (const p of ['publish-homework', 'change-homework', 'delay-homework', 'periodic-plan-edit', 'reissue-details'])
      expect(paths).toContain(`/api/v2/homework-publish/${p}`);
    expect(paths).toContain('/api/v2/homework/delete');
    for (const p of [
      'all-topic-overview',
      'one-topic-overview',
      'one-topic-question-overview',
      'topic-score-overview-x',
      'topic-score-overview-y',
      'correct-answer-word',
    ])
      expect(paths).toContain(`/api/v2/homework/${p}`);
    expect(paths).toContain('/api/v2/team/student-homework-topic-details');
    for (const p of ['commentary', 'comment-draft', 'save-comment-draft'])
      expect(paths).toContain(`/api/v2/homework/${p}`);
    for (const p of ['homework-basic-info', 'homework-topic-list', 'topic-answer-paper'])
      expect(paths).toContain(`/api/v2/homework-reading/${p}`);
    for (const p of ['homework-topic-list', 'topic-answer-overview', 'topic-answer-paper'])
      expect(paths).toContain(`/api/v2/homework-headquarter/${p}`);
    for (const p of [
      'homework-search-filter2',
      'homework-topic-list',
      'homework-topic-details',
      'question-answer-logs',
      'student-study-report',
      'student-homework-report',
      'export-student-study-report',
      'export-student-homework-report',
    ])
      expect(paths).toContain(`/api/v2/study-survey/${p}`);
    expect(paths).toContain('/api/v2/homework/remind-unsubmitted');
    for (const p of ['submit-writing-note', 'writing-note-list'])
      expect(paths).toContain(`/api/v2/homework-reading/${p}`);
    for (const p of [
      'exercise-summary',
      'resource-exercise-details',
      'resource-exercise-logs',
      'current-month-summary',
      'export-current-month-summary',
    ])
      expect(paths).toContain(`/api/v2/study-survey/${p}`);
  });

  it.each(probed.map((c) => [`${c.method} ${c.path}`, c] as const))(
    '%s answers 403/404 or nothing, and changes nothing',
    async (_name, c) => {
      const input = probeInput(c);
      const wire = onTheWire(c, input);
      const schemaOfFields =
        c.kind === 'upload' ? (c.input as unknown as z.ZodObject).omit({ file: true } as never) : c.input;
      const valid = schemaOfFields.safeParse(wire);
      expect(valid.error?.issues[0]?.message, `${c.path}: the probe's input must be valid (add a sample)`).toBe(
        undefined,
      );

      const before = await snapshot();
      let status: number;
      let body: string;
      if (c.kind === 'json') {
        const r = await call(t, c, input, { as: other, query: ownerQuery() });
        status = r.status;
        body = r.res.body;
        if (status === 200) {
          // Only a list may answer, and then with nothing of the owner's.
          expect(r.errcode, c.path).toBe(0);
          expect((r.data as { rows?: unknown[] } | null)?.rows, c.path).toEqual([]);
        }
      } else if (c.kind === 'blob') {
        const r = await download(t, c, input, { as: other, query: ownerQuery() });
        status = r.status;
        body = r.body.toString('latin1');
      } else {
        const mp = multipart(wire as Record<string, string>, {
          name: 'a.csv',
          data: Buffer.from('生徒ID,氏名,クラス\r\nsteal-001,盗む,持ち主1\r\n'),
        });
        const res = await t.app.inject({
          method: 'POST',
          url: `${c.path}?${ownerQuery()}`,
          payload: mp.payload,
          headers: { authorization: `Bearer ${other.token}`, ...mp.headers },
        });
        status = res.statusCode;
        body = res.body;
      }
      if (status !== 200) expect([403, 404], `${c.path} answered ${status}: ${body}`).toContain(status);
      expect(body, c.path).not.toContain(own.loginIds[0]!);
      expect(body, c.path).not.toContain('持ち主');
      expect(await snapshot(), c.path).toEqual(before);
    },
  );
});

describe("another child's token, on every students' side call that takes an id", () => {
  it('covers the calls we know take ids', () => {
    const paths = studentProbed.map((c) => c.path);
    for (const p of ['topic-content', 'submit-topic', 'topic-result', 'self-practice-content', 'submit-self-practice'])
      expect(paths).toContain(`/api/v2/student/${p}`);
    expect(paths).toContain('/api/v2/student/message-read');
  });

  const probes = studentProbed.flatMap((c) => [
    [`${c.method} ${c.path} (another teacher's child)`, c, () => strangerStudent] as const,
    // A classmate of the owner's children sees the same teacher's material, but not their homework.
    ...(fieldsOf(c).includes('homework_id')
      ? [[`${c.method} ${c.path} (the teacher's child of another class)`, c, () => classmateStudent] as const]
      : []),
  ]);
  it.each(probes)('%s answers 404 and changes nothing', async (_name, c, prober) => {
    const student = prober();
    // The prober really read the owner's material ('Hello.'): only ownership may refuse it.
    const text = 'Hello.';
    proberSid = await buildEvaluationResult(t, { studentId: student.id, text, category: 'read_sentence' });
    const input = probeInput(c);
    expect(c.input.safeParse(onTheWire(c, input)).error?.issues[0]?.message, `${c.path}: add a sample`).toBe(undefined);
    const before = await snapshot();
    const r = await call(t, c, input, { as: student, query: ownerQuery() });
    expect(r.status, `${c.path} answered ${r.status}: ${r.res.body}`).toBe(404);
    expect(r.res.body, c.path).not.toContain('持ち主');
    expect(await snapshot(), c.path).toEqual(before);
  });
});

describe("another teacher's token, on the lists", () => {
  it("answers the caller's own (empty) data, whatever teacher_id says", async () => {
    const before = await snapshot();
    const lists = [
      [getMyClassRows, {}],
      [getStudentPageRows, {}],
      [getStudentBranchRows, { include_hidden: 1 }],
      [searchStudent, { kw: 'own' }],
      [getHomeworkClassRows, {}],
      [getMyHomeworkPageList, {}],
      [searchResources, { origin_type: 'classroom' }],
      [getPeriodicPlanList, {}],
      [getReissueList, {}],
      [getNewHomeworkList, {}],
      [getRolloverRows, {}],
    ] as const;
    for (const [c, input] of lists) {
      const r = await call(t, c, input, { as: other, query: ownerQuery() });
      expect(r.status, c.path).toBe(200);
      expect((r.data as { rows: unknown[] }).rows, c.path).toEqual([]);
    }
    // Self-practice without a class: the caller's own children only (none), whatever teacher_id says.
    const practice = await call(t, getExerciseSummary, {}, { as: other, query: ownerQuery() });
    expect(practice.data.totals).toMatchObject({ student_count: 0, session_count: 0 });
    const month = await call(t, getCurrentMonthSummary, {}, { as: other, query: ownerQuery() });
    expect([month.data.teams, month.data.students]).toEqual([[], []]);
    const newOnes = await call(t, getNewHomeworkSummary, {}, { as: other, query: ownerQuery() });
    expect(newOnes.data).toMatchObject({ homework_count: 0, assigned_count: 0 });
    const monthFile = await download(t, exportCurrentMonthSummary, {}, { as: other, query: ownerQuery() });
    expect(monthFile.status).toBe(200);
    expect(monthFile.body.includes(Buffer.from('持ち主'))).toBe(false);
    const all = await download(t, exportStudentsXls, {}, { as: other, query: ownerQuery() });
    expect(all.status).toBe(200);
    expect(all.body.includes(Buffer.from(own.loginIds[0]!))).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('probes with the same query string the web app sends', () => {
    expect(queryString({ team_id: 1, student_ids: ['a', 'b'] })).toBe('?team_id=1&student_ids=a%2Cb');
  });
});
