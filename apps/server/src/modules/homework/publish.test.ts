import { randomUUID } from 'node:crypto';
import {
  checkDefineTimes,
  ErrorCode,
  getHomeworkDetail,
  getMyHomeworkPageList,
  getRegularRecommendNames,
  homeworkLimits,
  homeworkMessages,
  libraryMessages,
  messages,
  publishHomework,
} from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homework, homeworkPublishKeys, homeworkRecipients, homeworkTopics } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { call } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildResource, buildWordBook } from '../../test/homework-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

// Wednesday 2026-04-08 09:00 in Japan.
const clock = manualClock('2026-04-08T00:00:00Z');
const at = (minutes: number) => new Date(clock.now().getTime() + minutes * 60_000).toISOString();
const DAY = 24 * 60;

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock });
});
afterAll(() => t.close());

async function setup() {
  const me = await teacherWithToken(t);
  const c1 = await buildClass(t, { teacher: me.teacher, name: '5年1組' });
  const c2 = await buildClass(t, { teacher: me.teacher, name: '5年2組' });
  const both = await buildStudents(t, 1, { teacher: me.teacher, classIds: [c1.id, c2.id] });
  const only1 = await buildStudents(t, 2, { teacher: me.teacher, classIds: [c1.id] });
  const only2 = await buildStudents(t, 1, { teacher: me.teacher, classIds: [c2.id] });
  const single = await buildStudents(t, 1, { teacher: me.teacher });
  const resource = await buildResource(t, { title: 'はじめての音読' });
  return { me, c1, c2, both, only1, only2, single, resource };
}

const routine = (s: Awaited<ReturnType<typeof setup>>, over: Record<string, unknown> = {}) => ({
  homework_type: 'routine',
  request_key: randomUUID(),
  title: '音読の宿題',
  team_ids: [s.c1.id, s.c2.id],
  student_ids: s.single,
  publish_type: 'now',
  end_time: at(7 * DAY),
  resource_ids: [s.resource.id],
  ...over,
});

const countHomework = async (me: SignedInTeacher) =>
  (await t.db.select().from(homework).where(eq(homework.teacherId, me.teacher.id))).length;

describe('homework-publish/publish-homework (routine)', () => {
  it('401 without a token', async () => {
    expect((await call(t, publishHomework, {})).status).toBe(401);
  });

  it('hands out one homework per class, a child in two classes once, single students in one more', async () => {
    const s = await setup();
    const res = await call(t, publishHomework, routine(s, { required_times: '3' }), { as: s.me });
    expect(res.errmsg).toBe('');
    expect(res.data.homework_ids).toHaveLength(3);
    expect(res.data.plan_id).toBeNull();
    const list = (await call(t, getMyHomeworkPageList, { sort_field: 'title' }, { as: s.me })).data;
    expect(list.total).toBe(3);
    const byClass = new Map(list.rows.map((r) => [r.team?.name ?? null, r]));
    expect(byClass.get('5年1組')).toMatchObject({
      assigned_count: 3,
      submitted_count: 0,
      state: 'open',
      type: 'routine',
    });
    expect(byClass.get('5年2組')!.assigned_count).toBe(1); // the child in both classes got it in 5年1組
    expect(byClass.get(null)!.assigned_count).toBe(1);
    expect(byClass.get('5年1組')).toMatchObject({
      origin_type: 'classroom',
      required_times: 3,
      has_delay: false,
      topic_count: 1,
      start_time: clock.now().toISOString(),
      end_time: at(7 * DAY),
    });
    const recipients = await t.db.select().from(homeworkRecipients);
    const mine = recipients.filter((r) => res.data.homework_ids.includes(r.homeworkId));
    expect(mine).toHaveLength(5);
    expect(new Set(mine.map((r) => r.studentId)).size).toBe(5);
    const detail = (await call(t, getHomeworkDetail, { homework_id: res.data.homework_ids[0] }, { as: s.me })).data;
    expect(detail.topics).toEqual([
      {
        topic_id: expect.any(Number),
        position: 1,
        resource_id: s.resource.id,
        title: 'はじめての音読',
        type: 'sentence_reading',
        item_count: 3,
      },
    ]);
    expect(detail.word_test).toBeNull();
  });

  it('a double click (the same request key, even at once) publishes once', async () => {
    const s = await setup();
    const input = routine(s);
    const [a, b] = await Promise.all([
      call(t, publishHomework, input, { as: s.me }),
      call(t, publishHomework, input, { as: s.me }),
    ]);
    const again = await call(t, publishHomework, input, { as: s.me });
    expect(a.data.homework_ids).toHaveLength(3);
    expect(b.data).toEqual(a.data);
    expect(again.data).toEqual(a.data);
    expect(await countHomework(s.me)).toBe(3);
  });

  it("answers the spec's messages and writes nothing", async () => {
    const s = await setup();
    const cases: [Record<string, unknown>, string][] = [
      [{ end_time: at(-1) }, '終了時刻が間違っています。'],
      [{ end_time: undefined }, homeworkMessages.endTimeRequired],
      [{ publish_type: 'scheduled' }, homeworkMessages.publishTimeRequired],
      [{ publish_type: 'scheduled', publish_time: at(-5) }, homeworkMessages.publishTimePast],
      [{ publish_type: 'scheduled', publish_time: at(8 * DAY) }, '終了時刻が間違っています。'],
      [{ title: '' }, messages.homeworkTitleRequired],
      [{ title: '宿題<1>' }, messages.homeworkTitleForbidden],
      [{ title: 'あ'.repeat(homeworkLimits.titleMax + 1) }, messages.overLength],
      [{ title: '宿題😀' }, messages.emojiNotAllowed],
      [{ team_ids: [], student_ids: [] }, homeworkMessages.recipientsRequired],
      [{ resource_ids: [] }, homeworkMessages.resourcesRequired],
      [{ required_times: '12345678901' }, messages.numberTooLong],
      [{ request_key: 'x' }, homeworkMessages.requestKeyWrong],
    ];
    for (const [over, message] of cases) {
      const res = await call(t, publishHomework, routine(s, over), { as: s.me });
      expect([res.status, res.errmsg], JSON.stringify(over)).toEqual([400, message]);
    }
    expect(await countHomework(s.me)).toBe(0);
    expect(
      await t.db.select().from(homeworkPublishKeys).where(eq(homeworkPublishKeys.teacherId, s.me.teacher.id)),
    ).toEqual([]);
  });

  it("refuses another teacher's class (403), classroom material (404) and an empty class", async () => {
    const s = await setup();
    const other = await teacherWithToken(t);
    const theirs = await buildClass(t, { teacher: other.teacher });
    let res = await call(t, publishHomework, routine(s, { team_ids: [s.c1.id, theirs.id] }), { as: s.me });
    expect(res.status).toBe(403);
    const private_ = await buildResource(t, { teacher: other.teacher });
    res = await call(t, publishHomework, routine(s, { resource_ids: [private_.id] }), { as: s.me });
    expect([res.status, res.errmsg]).toEqual([404, libraryMessages.resourceNotFound]);
    const own = await buildResource(t, { teacher: s.me.teacher });
    const empty = await buildClass(t, { teacher: s.me.teacher });
    res = await call(
      t,
      publishHomework,
      routine(s, { team_ids: [empty.id], student_ids: [], resource_ids: [own.id] }),
      {
        as: s.me,
      },
    );
    expect([res.status, res.errmsg]).toEqual([400, homeworkMessages.recipientsEmpty]);
    expect(await countHomework(s.me)).toBe(0);
    // The teacher's own classroom material is fine.
    res = await call(t, publishHomework, routine(s, { resource_ids: [own.id] }), { as: s.me });
    expect(res.data.homework_ids).toHaveLength(3);
  });

  it('hands out a pack, and a scheduled homework is scheduled until its time', async () => {
    const s = await setup();
    const code = `p-${randomUUID().slice(0, 12)}`;
    await buildResource(t, { packCode: code });
    await buildResource(t, { packCode: code });
    const res = await call(
      t,
      publishHomework,
      routine(s, {
        resource_ids: undefined,
        pack_code: code,
        publish_type: 'scheduled',
        publish_time: at(60),
        team_ids: [s.c1.id],
        student_ids: [],
      }),
      { as: s.me },
    );
    const row = (await call(t, getMyHomeworkPageList, {}, { as: s.me })).data.rows[0]!;
    expect(row).toMatchObject({
      homework_id: res.data.homework_ids[0],
      state: 'scheduled',
      topic_count: 2,
      start_time: at(60),
    });
    const empty = await call(t, publishHomework, routine(s, { resource_ids: undefined, pack_code: 'no-such-pack' }), {
      as: s.me,
    });
    expect([empty.status, empty.errmsg]).toEqual([400, homeworkMessages.packEmpty]);
  });

  it('stops at the distribution limit with 宿題は{limit}個まで配信できます。', async () => {
    const s = await setup();
    const limit = homeworkLimits.activeHomeworkPerTeacher;
    await t.db.insert(homework).values(
      Array.from({ length: limit - 2 }, (_, i) => ({
        teacherId: s.me.teacher.id,
        title: `既存 ${i}`,
        startTime: clock.now(),
        endTime: new Date(at(DAY)),
      })),
    );
    // Finished ones do not count.
    await t.db.insert(homework).values({
      teacherId: s.me.teacher.id,
      title: '昔の宿題',
      startTime: new Date(at(-2 * DAY)),
      endTime: new Date(at(-DAY)),
    });
    const res = await call(t, publishHomework, routine(s), { as: s.me }); // 3 more: one too many
    // A business error like the class limit: 200 with its errcode (docs/homework.md).
    expect([res.status, res.errcode, res.errmsg]).toEqual([
      200,
      ErrorCode.HOMEWORK_LIMIT,
      `宿題は${limit}個まで配信できます。`,
    ]);
    expect(await countHomework(s.me)).toBe(limit - 1);
    const two = await call(t, publishHomework, routine(s, { student_ids: [] }), { as: s.me });
    expect(two.data.homework_ids).toHaveLength(2);
  });
});

describe('the distribution limit under concurrency', () => {
  it('two publishes at once for the last place: one gets it, the other the message', async () => {
    const s = await setup();
    const limit = homeworkLimits.activeHomeworkPerTeacher;
    await t.db.insert(homework).values(
      Array.from({ length: limit - 1 }, (_, i) => ({
        teacherId: s.me.teacher.id,
        title: `既存 ${i}`,
        startTime: clock.now(),
        endTime: new Date(at(DAY)),
      })),
    );
    const one = { team_ids: [s.c1.id], student_ids: [] };
    const replies = await Promise.all([
      call(t, publishHomework, routine(s, one), { as: s.me }),
      call(t, publishHomework, routine(s, one), { as: s.me }),
    ]);
    expect(replies.map((r) => r.errmsg).sort()).toEqual(['', `宿題は${limit}個まで配信できます。`]);
    expect(await countHomework(s.me)).toBe(limit);
  });
});

describe('homework-publish/publish-homework (word test)', () => {
  const wordtest = (s: Awaited<ReturnType<typeof setup>>, code: string, over: Record<string, unknown> = {}) => ({
    ...routine(s, { resource_ids: undefined }),
    homework_type: 'wordtest',
    word_book_code: code,
    part_from: 1,
    part_to: 2,
    word_count: 4,
    test_start_time: at(30),
    ...over,
  });

  it('draws the words of the part range; more than the range means all of them', async () => {
    const s = await setup();
    const book = await buildWordBook(t, { parts: 3, perPart: 5 });
    const res = await call(t, publishHomework, wordtest(s, book.code), { as: s.me });
    expect(res.errmsg).toBe('');
    const detail = (await call(t, getHomeworkDetail, { homework_id: res.data.homework_ids[0] }, { as: s.me })).data;
    expect(detail.type).toBe('wordtest');
    expect(detail.test_start_time).toBe(at(30));
    expect(detail.word_test).toEqual({
      word_book_code: book.code,
      part_from: 1,
      part_to: 2,
      word_count: 4,
      test_start_time: at(30),
    });
    expect(detail.topics[0]).toMatchObject({ type: 'word_test', resource_id: null, item_count: 4 });
    const all = await call(
      t,
      publishHomework,
      wordtest(s, book.code, { word_count: 50, team_ids: [s.c2.id], student_ids: [] }),
      { as: s.me },
    );
    const [topic] = await t.db
      .select()
      .from(homeworkTopics)
      .where(eq(homeworkTopics.homeworkId, all.data.homework_ids[0]!));
    expect(topic!.wordIds).toHaveLength(10);
  });

  it('refuses a wrong test time, part range and word count', async () => {
    const s = await setup();
    const book = await buildWordBook(t, { parts: 2 });
    const cases: [Record<string, unknown>, number, string][] = [
      [{ test_start_time: at(9) }, 400, 'テスト時刻の設定に誤りがあります。'],
      [{ test_start_time: at(8 * DAY) }, 400, 'テスト時刻の設定に誤りがあります。'],
      [{ part_from: 2, part_to: 1 }, 400, homeworkMessages.partRangeWrong],
      [{ part_to: 3 }, 400, homeworkMessages.partRangeWrong],
      [{ word_count: 0 }, 400, homeworkMessages.wordCountWrong],
      [{ word_book_code: '' }, 400, homeworkMessages.wordBookRequired],
      [{ word_book_code: 'no-such-book' }, 404, libraryMessages.wordBookNotFound],
    ];
    for (const [over, status, message] of cases) {
      const res = await call(t, publishHomework, wordtest(s, book.code, over), { as: s.me });
      expect([res.status, res.errmsg], JSON.stringify(over)).toEqual([status, message]);
    }
    expect(await countHomework(s.me)).toBe(0);
  });
});

describe('homework-publish/check-define-times', () => {
  it("answers the server time, or the spec's message", async () => {
    const me = await teacherWithToken(t);
    expect((await call(t, checkDefineTimes, { homework_type: 'routine', end_time: at(60) })).status).toBe(401);
    const ok = await call(t, checkDefineTimes, { homework_type: 'routine', end_time: at(60) }, { as: me });
    expect(ok.data).toEqual({ server_time: clock.now().toISOString() });
    const late = await call(t, checkDefineTimes, { homework_type: 'routine', end_time: at(-60) }, { as: me });
    expect([late.status, late.errmsg]).toEqual([400, '終了時刻が間違っています。']);
    const test = await call(
      t,
      checkDefineTimes,
      { homework_type: 'wordtest', end_time: at(60), test_start_time: at(5) },
      { as: me },
    );
    expect([test.status, test.errmsg]).toEqual([400, 'テスト時刻の設定に誤りがあります。']);
    const periodic = await call(
      t,
      checkDefineTimes,
      { homework_type: 'periodic', publish_type: 'scheduled', publish_time: at(10), end_time: at(DAY) },
      { as: me },
    );
    expect([periodic.status, periodic.errmsg]).toEqual([400, homeworkMessages.periodicStartTooSoon()]);
  });
});

describe('homework/regular-recommend-names', () => {
  it('suggests titles from the class, the weekdays and the month; 404 for a stranger class', async () => {
    const me = await teacherWithToken(t);
    const other = await teacherWithToken(t);
    const c = await buildClass(t, { teacher: me.teacher, name: '3年2組' });
    expect((await call(t, getRegularRecommendNames, {})).status).toBe(401);
    const { data } = await call(t, getRegularRecommendNames, { team_id: c.id, weekdays: '1,3' }, { as: me });
    expect(data.names).toContain('3年2組 月・水曜日の宿題');
    expect(data.names).toContain('4月の定期宿題');
    expect((await call(t, getRegularRecommendNames, { team_id: c.id }, { as: other })).status).toBe(404);
    expect((await call(t, getRegularRecommendNames, { weekdays: '9' }, { as: me })).status).toBe(400);
  });
});
