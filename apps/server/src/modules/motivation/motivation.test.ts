import {
  encourageStudents,
  getMotivationList,
  getStudentAchievementPageList,
  getStudentMessageList,
  integralPoints,
  messages,
  motivationMessages,
  rankingMessages,
} from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attempts, studentMessages, students } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { call } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { signInStudent, type SignedInStudent } from '../../test/learn-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { seedDemoMotivation } from '../../seed/demo-motivation.js';
import { getRankingSettings } from '@ondoku/contract';

/** Achievements of a class and encouragement that reaches each child's inbox. */
const clock = manualClock('2026-06-10T03:00:00Z');
let t: TestApp;
let me: SignedInTeacher;
let guest: SignedInTeacher;
let other: SignedInTeacher;
let classId: number;
let emptyClassId: number;
let ids: string[];
let kids: SignedInStudent[];
let strangerId: string;

const encouragementCount = async () => (await t.db.select().from(studentMessages)).length;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  me = await teacherWithToken(t);
  guest = await teacherWithToken(t, { type: 'guest' });
  other = await teacherWithToken(t);
  classId = (await buildClass(t, { teacher: me.teacher, name: '4年2組' })).id;
  emptyClassId = (await buildClass(t, { teacher: me.teacher, name: '誰もいない' })).id;
  ids = await buildStudents(t, 3, { teacher: me.teacher, classIds: [classId], prefix: 'mo' });
  [strangerId] = (await buildStudents(t, 1, { teacher: other.teacher, prefix: 'mx' })) as [string];
  kids = await Promise.all(ids.map((id) => signInStudent(t, id)));
  // The first child practised on Monday 8 and Tuesday 9 June (a good score the second day).
  const [s1] = await t.db.select().from(students).where(eq(students.loginId, ids[0]!));
  for (const [day, score] of [
    ['2026-06-08', 70],
    ['2026-06-09', 90],
  ] as const)
    await t.db.insert(attempts).values({
      studentId: s1!.id,
      teacherId: me.teacher.id,
      type: 'sentence_reading',
      score,
      questionCount: 1,
      createdAt: new Date(`${day}T10:00:00+09:00`),
    });
});
afterAll(() => t.close());

describe('stamps and encouragement', () => {
  it('lists the stamps', async () => {
    const r = await call(t, getMotivationList, {}, { as: me });
    expect(r.data.rows.length).toBe(8);
    expect(r.data.rows[0]).toMatchObject({ motivation_id: 1, name: 'よくできました' });
  });

  it('the whole class (is_all): every child finds it in the inbox as an encouragement', async () => {
    const r = await call(
      t,
      encourageStudents,
      { team_id: classId, is_all: 1, motivation_ids: [1, 3], encourage: 'みんな よくがんばったね！' },
      { as: me },
    );
    expect(r.data).toEqual({ count: 3 });
    for (const kid of kids) {
      const inbox = await call(t, getStudentMessageList, {}, { as: kid.token });
      expect(inbox.data.unread).toBe(1);
      expect(inbox.data.rows[0]).toMatchObject({
        kind: 'encouragement',
        body: 'みんな よくがんばったね！',
        motivation_ids: [1, 3],
        homework: null,
        topic: null,
        read: false,
      });
    }
  });

  it('chosen children only, a stamp without words', async () => {
    const r = await call(
      t,
      encourageStudents,
      { team_id: classId, student_ids: [ids[1]!], motivation_ids: [5] },
      { as: me },
    );
    expect(r.data.count).toBe(1);
    const second = await call(t, getStudentMessageList, {}, { as: kids[1]!.token });
    expect(second.data.rows[0]).toMatchObject({ kind: 'encouragement', body: '', motivation_ids: [5] });
    const third = await call(t, getStudentMessageList, {}, { as: kids[2]!.token });
    expect(third.data.total).toBe(1);
  });

  it('bad input and strangers change nothing', async () => {
    const before = await encouragementCount();
    const cases: [Record<string, unknown>, number, string][] = [
      [{ team_id: classId, is_all: 1, motivation_ids: [1], encourage: 'すごい😀' }, 400, messages.emojiNotAllowed],
      [{ team_id: classId, is_all: 1, motivation_ids: [] }, 400, motivationMessages.nothingToSend],
      [{ team_id: classId, is_all: 1, motivation_ids: [99] }, 400, motivationMessages.unknownStamp],
      [{ team_id: classId, is_all: 1, motivation_ids: [1, 2, 3, 4] }, 400, motivationMessages.tooManyStamps],
      [{ team_id: classId, is_all: 0, motivation_ids: [1] }, 400, motivationMessages.noStudents],
      [
        { team_id: classId, student_ids: [ids[0]!, strangerId], motivation_ids: [1] },
        403,
        motivationMessages.studentNotInClass,
      ],
      [{ team_id: emptyClassId, is_all: 1, motivation_ids: [1] }, 400, motivationMessages.noStudentsInClass],
      [{ team_id: 999_999, is_all: 1, motivation_ids: [1] }, 404, messages.notFound],
    ];
    for (const [input, status, errmsg] of cases) {
      const r = await call(t, encourageStudents, input, { as: me });
      expect([r.status, r.errmsg], JSON.stringify(input)).toEqual([status, errmsg]);
    }
    expect(
      (await call(t, encourageStudents, { team_id: classId, is_all: 1, motivation_ids: [1] }, { as: other })).status,
    ).toBe(404);
    expect(
      (await call(t, encourageStudents, { team_id: classId, is_all: 1, motivation_ids: [1] }, { as: guest })).status,
    ).toBe(403);
    expect(await encouragementCount()).toBe(before);
  });
});

describe('achievements', () => {
  it('what each child did this week, with the last encouragement, and the filters', async () => {
    const r = await call(t, getStudentAchievementPageList, { team_id: classId }, { as: me });
    expect(r.data.total).toBe(3);
    expect(r.data.period).toMatchObject({ start_date: '2026-06-08', end_date: '2026-06-14' });
    const first = r.data.rows.find((x) => x.student_id === ids[0])!;
    const values = Object.fromEntries(first.achievements.map((a) => [a.key, a.value]));
    expect(values).toEqual({
      submissions: 2,
      good_scores: 1,
      homework_done: 0,
      streak_days: 2,
      points: 2 * integralPoints.submission + integralPoints.good_score + integralPoints.streak,
    });
    expect(first.last_encouraged_at).toBe('2026-06-10T03:00:00.000Z');
    const active = await call(t, getStudentAchievementPageList, { team_id: classId, filter: 'active' }, { as: me });
    expect(active.data.rows.map((x) => x.student_id)).toEqual([ids[0]]);
    const inactive = await call(t, getStudentAchievementPageList, { team_id: classId, filter: 'inactive' }, { as: me });
    expect(inactive.data.total).toBe(2);
    // Last week nobody was encouraged yet.
    const lastWeek = await call(
      t,
      getStudentAchievementPageList,
      {
        team_id: classId,
        period: 'custom',
        start_time: '2026-06-01',
        end_time: '2026-06-07',
        filter: 'not_encouraged',
      },
      { as: me },
    );
    expect(lastWeek.data.total).toBe(3);
    const thisWeek = await call(
      t,
      getStudentAchievementPageList,
      { team_id: classId, filter: 'not_encouraged' },
      { as: me },
    );
    expect(thisWeek.data.total).toBe(0);
  });

  it('refuses an end before its start and another teacher; an empty class lists nobody', async () => {
    const back = await call(
      t,
      getStudentAchievementPageList,
      { team_id: classId, period: 'custom', start_time: '2026-06-09', end_time: '2026-06-01' },
      { as: me },
    );
    expect([back.status, back.errmsg]).toEqual([400, rankingMessages.endBeforeStart]);
    expect((await call(t, getStudentAchievementPageList, { team_id: classId }, { as: other })).status).toBe(404);
    const empty = await call(t, getStudentAchievementPageList, { team_id: emptyClassId }, { as: guest });
    expect(empty.status).toBe(404);
    const none = await call(t, getStudentAchievementPageList, { team_id: emptyClassId }, { as: me });
    expect(none.data).toMatchObject({ rows: [], total: 0 });
  });
});

describe('the demo', () => {
  it('chooses what two classes show children and encourages the first class', async () => {
    const demo = await teacherWithToken(t);
    const first = await buildClass(t, { teacher: demo.teacher, name: 'デモ1組' });
    const second = await buildClass(t, { teacher: demo.teacher, name: 'デモ2組' });
    const [kid] = await buildStudents(t, 2, { teacher: demo.teacher, classIds: [first.id], prefix: 'dm' });
    await seedDemoMotivation(t.db, demo.teacher, clock.now());
    expect((await call(t, getRankingSettings, { team_id: first.id }, { as: demo })).data).toMatchObject({
      visibility: 'top',
      hide_names: 1,
    });
    expect((await call(t, getRankingSettings, { team_id: second.id }, { as: demo })).data.visibility).toBe('all');
    const inbox = await call(t, getStudentMessageList, {}, { as: (await signInStudent(t, kid!)).token });
    expect(inbox.data.rows[0]).toMatchObject({ kind: 'encouragement', motivation_ids: [1, 3] });
  });
});
