import {
  allCalls,
  delayHomework,
  getPeriodicPlanList,
  getReissueList,
  exportStudentsXls,
  getHomeworkClassRows,
  getMyClassRows,
  getMyHomeworkPageList,
  getStudentBranchRows,
  getStudentPageRows,
  searchResources,
  searchStudent,
  type CallDef,
} from '@ondoku/contract';
import { randomUUID } from 'node:crypto';
import { is } from 'drizzle-orm';
import { PgTable, getTableConfig } from 'drizzle-orm/pg-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { z } from 'zod';
import * as schema from './db/schema/index.js';
import { createClassroomResource } from './modules/library/index.js';
import { call, download, queryString } from './test/call.js';
import { publishHomework } from './modules/homework/index.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from './test/factories.js';
import { buildHomework } from './test/homework-factories.js';
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
  studentIds: string[];
  homeworkId: number;
  resourceId: number;
  planId: number;
  reissueId: number;
};

beforeAll(async () => {
  t = await buildTestApp();
  owner = await teacherWithToken(t);
  other = await teacherWithToken(t);
  const c1 = await buildClass(t, { teacher: owner.teacher, name: '持ち主1' });
  const c2 = await buildClass(t, { teacher: owner.teacher, name: '持ち主2' });
  const studentIds = await buildStudents(t, 3, { teacher: owner.teacher, classIds: [c1.id], prefix: 'own' });
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
  own = {
    classId: c1.id,
    otherClassId: c2.id,
    studentIds,
    homeworkId: hw!.id,
    resourceId: resource.id,
    planId: plan.plan_id!,
    reissueId: reissue.data.reissue_id,
  };
});
afterAll(() => t.close());

const isIdField = (key: string) => key === 'id' || key.endsWith('_id') || key.endsWith('_ids');

/** The owner's record for an id-like field (the call's tag says what a bare `id` is). */
function ownerValue(c: CallDef, key: string): unknown {
  switch (key) {
    case 'team_id':
      return own.classId;
    case 'team_ids':
      return [own.otherClassId, own.classId];
    case 'from_team_id':
      return own.otherClassId;
    case 'student_id':
      return own.studentIds[0];
    case 'student_ids':
      return own.studentIds;
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
});

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

const probed = allCalls.filter((c) => c.access !== 'public' && fieldsOf(c).some(isIdField));

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
      expect(body, c.path).not.toContain(own.studentIds[0]!);
      expect(body, c.path).not.toContain('持ち主');
      expect(await snapshot(), c.path).toEqual(before);
    },
  );
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
    ] as const;
    for (const [c, input] of lists) {
      const r = await call(t, c, input, { as: other, query: ownerQuery() });
      expect(r.status, c.path).toBe(200);
      expect((r.data as { rows: unknown[] }).rows, c.path).toEqual([]);
    }
    const all = await download(t, exportStudentsXls, {}, { as: other, query: ownerQuery() });
    expect(all.status).toBe(200);
    expect(all.body.includes(Buffer.from(own.studentIds[0]!))).toBe(false);
    expect(await snapshot()).toEqual(before);
  });

  it('probes with the same query string the web app sends', () => {
    expect(queryString({ team_id: 1, student_ids: ['a', 'b'] })).toBe('?team_id=1&student_ids=a%2Cb');
  });
});
