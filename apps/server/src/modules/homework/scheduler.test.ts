import { randomUUID } from 'node:crypto';
import {
  delayPeriodicPlan,
  deletePeriodicPlan,
  editPeriodicPlan,
  getMyHomeworkPageList,
  getPeriodicPlanDetail,
  getPeriodicPlanList,
  homeworkMessages,
  publishHomework,
} from '@ondoku/contract';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  homework,
  homeworkEvents,
  homeworkPublishKeys,
  homeworkRecipients,
  periodicDistributions,
} from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { call } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildResource } from '../../test/homework-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { createScheduler } from './scheduler.js';

// Wednesday 2026-04-08 09:00 in Japan.
const T0 = Date.parse('2026-04-08T00:00:00Z');
const clock = manualClock(new Date(T0));
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const iso = (ms: number) => new Date(ms).toISOString();
const missedSeen: number[][] = [];

let t: TestApp;
let second: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    clock,
    missedItems: async (_db, { studentIds }) => {
      missedSeen.push(studentIds);
      return new Map(studentIds.map((id) => [id, [{ kind: 'word', text: 'apple' }]]));
    },
  });
  // A second server process on the same database.
  second = await buildTestApp({ clock, sameDatabaseAs: t });
});
afterAll(async () => {
  await second.close();
  await t.close();
});

async function classWithStudents(me: SignedInTeacher, n = 2) {
  const c = await buildClass(t, { teacher: me.teacher });
  await buildStudents(t, n, { teacher: me.teacher, classIds: [c.id] });
  return c;
}

const eventsOf = (ids: number[]) =>
  ids.length ? t.db.select().from(homeworkEvents).where(inArray(homeworkEvents.homeworkId, ids)) : Promise.resolve([]);

describe('the scheduler with a moved clock', () => {
  let me: SignedInTeacher;
  let planId: number;
  let scheduledId: number;
  let r1: number;
  let r2: number;

  it('keeps a scheduled homework scheduled until its time, then opens it once', async () => {
    clock.set(new Date(T0));
    me = await teacherWithToken(t);
    const c = await classWithStudents(me);
    const res = await call(
      t,
      publishHomework,
      {
        homework_type: 'routine',
        request_key: randomUUID(),
        title: '予定の宿題',
        team_ids: [c.id],
        publish_type: 'scheduled',
        publish_time: iso(T0 + 30 * 60_000),
        end_time: iso(T0 + DAY),
        resource_ids: [(await buildResource(t)).id],
      },
      { as: me },
    );
    scheduledId = res.data.homework_ids[0]!;
    await t.app.scheduler.tick();
    expect(await eventsOf([scheduledId])).toEqual([]);
    clock.advance(30 * 60_000);
    const state = async () => (await call(t, getMyHomeworkPageList, {}, { as: me })).data.rows[0]!.state;
    expect(await state()).toBe('open'); // computed from the clock, even before the tick
    await t.app.scheduler.tick();
    await t.app.scheduler.tick();
    const events = await eventsOf([scheduledId]);
    expect(events.map((e) => [e.kind, e.at.toISOString()])).toEqual([['opened', iso(T0 + 30 * 60_000)]]);
    // Overdue after the end; closed once.
    clock.set(new Date(T0 + DAY));
    expect(await state()).toBe('overdue');
    await t.app.scheduler.tick();
    await t.app.scheduler.tick();
    expect((await eventsOf([scheduledId])).map((e) => e.kind).sort()).toEqual(['closed', 'opened']);
  });

  it('makes each periodic distribution once, on schedule, with the review hook', async () => {
    clock.set(new Date(T0));
    const c = await classWithStudents(me, 3);
    const [wed, fri] = [
      await buildResource(t, { title: '水曜の教材' }),
      await buildResource(t, { title: '金曜の教材' }),
    ];
    const res = await call(
      t,
      publishHomework,
      {
        homework_type: 'periodic',
        request_key: randomUUID(),
        title: '毎週の音読',
        team_ids: [c.id],
        publish_time: iso(T0 + HOUR), // Wed 10:00 in Japan
        end_time: iso(T0 + 14 * DAY), // Wed 22nd 09:00: Wed 8, Fri 10, Wed 15, Fri 17
        schedule: [
          { weekday: 3, resource_ids: [wed.id] },
          { weekday: 5, resource_ids: [fri.id] },
        ],
        deadline_days: 2,
        review_missed: true,
      },
      { as: me },
    );
    expect(res.data).toEqual({ homework_ids: [], plan_id: expect.any(Number) });
    planId = res.data.plan_id!;
    const plan = async () => (await call(t, getPeriodicPlanDetail, { plan_id: planId }, { as: me })).data;
    expect(await plan()).toMatchObject({
      state: 'scheduled',
      made_count: 0,
      total_count: 4,
      next_distribution_time: iso(T0 + HOUR),
    });

    expect((await t.app.scheduler.tick()).distributions).toBe(0);
    clock.set(new Date(T0 + HOUR));
    expect((await t.app.scheduler.tick()).distributions).toBe(1);
    expect((await t.app.scheduler.tick()).distributions).toBe(0);
    let detail = await plan();
    expect(detail).toMatchObject({
      state: 'running',
      made_count: 1,
      total_count: 4,
      next_distribution_time: iso(T0 + 2 * DAY + HOUR),
    });
    expect(detail.distributions.map((d) => [d.date, d.status])).toEqual([
      ['2026-04-08', 'made'],
      ['2026-04-10', 'pending'],
      ['2026-04-15', 'pending'],
      ['2026-04-17', 'pending'],
    ]);
    const [first] = detail.distributions;
    expect(first!.homework_ids).toHaveLength(1);
    const [hw] = await t.db.select().from(homework).where(eq(homework.id, first!.homework_ids[0]!));
    expect(hw).toMatchObject({
      type: 'periodic',
      planId,
      startTime: new Date(T0 + HOUR),
      endTime: new Date(T0 + HOUR + 2 * DAY),
    });
    const recipients = await t.db.select().from(homeworkRecipients).where(eq(homeworkRecipients.homeworkId, hw!.id));
    expect(recipients).toHaveLength(3);
    expect(recipients.every((r) => JSON.stringify(r.reviewItems) === '[{"kind":"word","text":"apple"}]')).toBe(true);
    expect(missedSeen.at(-1)).toHaveLength(3);
    r1 = hw!.id;

    // A restart (a new scheduler on the same database) finds nothing to redo.
    const restarted = createScheduler({ db: t.db, clock });
    expect(await restarted.tick()).toEqual({ opened: 0, closed: 0, distributions: 0 });

    // Friday: the Friday material.
    clock.set(new Date(T0 + 2 * DAY + HOUR));
    expect((await t.app.scheduler.tick()).distributions).toBe(1);
    detail = await plan();
    r2 = detail.distributions[1]!.homework_ids[0]!;
    const list = (await call(t, getMyHomeworkPageList, { homework_type: 'periodic' }, { as: me })).data.rows;
    expect(list.map((r) => r.homework_id).sort()).toEqual([r1, r2].sort());
    expect(list.every((r) => r.plan_id === planId)).toBe(true);
  });

  it('two app instances on one database, after downtime: each distribution and each event once', async () => {
    // Down from Friday to the next Saturday: Wed 15 and Fri 17 are due, and r1, r2 are past their end.
    clock.set(new Date(T0 + 10 * DAY));
    const other = second.app.scheduler;
    const reports = await Promise.all([t.app.scheduler.tick(), other.tick(), t.app.scheduler.tick(), other.tick()]);
    expect(reports.reduce((n, r) => n + r.distributions, 0)).toBe(2);
    const dists = await t.db.select().from(periodicDistributions).where(eq(periodicDistributions.planId, planId));
    expect(dists.map((d) => d.date).sort()).toEqual(['2026-04-08', '2026-04-10', '2026-04-15', '2026-04-17']);
    const made = await t.db.select().from(homework).where(eq(homework.planId, planId));
    expect(made).toHaveLength(4);
    const events = await eventsOf(made.map((h) => h.id));
    const keys = events.map((e) => `${e.homeworkId}:${e.kind}`);
    expect(new Set(keys).size).toBe(keys.length);
    expect(events.filter((e) => e.kind === 'opened')).toHaveLength(4);
    // Ends: 10th, 12th, 17th, 19th (deadline 2 days) — by the 18th three have closed.
    expect(events.filter((e) => e.kind === 'closed')).toHaveLength(3);
    const detail = (await call(t, getPeriodicPlanDetail, { plan_id: planId }, { as: me })).data;
    expect(detail).toMatchObject({ state: 'finished', made_count: 4, total_count: 4, next_distribution_time: null });
    const states = (await call(t, getMyHomeworkPageList, { homework_type: 'periodic' }, { as: me })).data.rows;
    expect(states.filter((r) => r.state === 'overdue')).toHaveLength(3);
    expect(states.filter((r) => r.state === 'open')).toHaveLength(1);
  });
});

describe('publish request keys', () => {
  it('are forgotten a day after they were used', async () => {
    const me = await teacherWithToken(t);
    const c = await classWithStudents(me);
    clock.set(new Date());
    await call(
      t,
      publishHomework,
      {
        homework_type: 'routine',
        request_key: randomUUID(),
        title: '鍵の宿題',
        team_ids: [c.id],
        publish_type: 'now',
        end_time: iso(Date.now() + DAY),
        resource_ids: [(await buildResource(t)).id],
      },
      { as: me },
    );
    const keys = () => t.db.select().from(homeworkPublishKeys).where(eq(homeworkPublishKeys.teacherId, me.teacher.id));
    await t.app.scheduler.tick();
    expect(await keys()).toHaveLength(1);
    clock.set(new Date(Date.now() + DAY + HOUR));
    await t.app.scheduler.tick();
    expect(await keys()).toEqual([]);
  });
});

describe('periodic plans: list, detail, edit, delay, delete', () => {
  async function plan(me: SignedInTeacher) {
    clock.set(new Date(T0));
    const c = await classWithStudents(me);
    const r = await buildResource(t);
    const res = await call(
      t,
      publishHomework,
      {
        homework_type: 'periodic',
        request_key: randomUUID(),
        title: '月曜の宿題',
        team_ids: [c.id],
        publish_time: iso(T0 + HOUR),
        end_time: iso(T0 + 21 * DAY),
        schedule: [{ weekday: 1, resource_ids: [r.id] }], // Mondays 13, 20, 27
      },
      { as: me },
    );
    return { planId: res.data.plan_id!, resource: r, c };
  }

  it("answers the periodic publish's messages", async () => {
    clock.set(new Date(T0));
    const me = await teacherWithToken(t);
    const c = await classWithStudents(me);
    const r = await buildResource(t);
    const base = {
      homework_type: 'periodic',
      request_key: randomUUID(),
      title: '定期',
      team_ids: [c.id],
      publish_time: iso(T0 + HOUR),
      end_time: iso(T0 + 21 * DAY),
      schedule: [{ weekday: 1, resource_ids: [r.id] }],
    };
    const cases: [Record<string, unknown>, string][] = [
      [{ publish_time: iso(T0 + 29 * 60_000) }, homeworkMessages.periodicStartTooSoon()],
      [{ end_time: iso(T0 + 30 * 60_000) }, '終了時刻が間違っています。'],
      [{ end_time: iso(T0 + 60 * 7 * DAY) }, homeworkMessages.periodicTooLong],
      [{ schedule: [{ weekday: 1, resource_ids: [] }] }, homeworkMessages.scheduleDayEmpty],
      [{ schedule: [] }, homeworkMessages.scheduleRequired],
      [
        { end_time: iso(T0 + 2 * DAY), schedule: [{ weekday: 1, resource_ids: [r.id] }] },
        homeworkMessages.periodicNoDistribution,
      ],
    ];
    for (const [over, message] of cases) {
      const res = await call(t, publishHomework, { ...base, ...over }, { as: me });
      expect([res.status, res.errmsg], JSON.stringify(over)).toEqual([400, message]);
    }
    expect((await call(t, getPeriodicPlanList, {}, { as: me })).data.total).toBe(0);
  });

  it('lists and shows plans; 401; 404 for another teacher', async () => {
    const me = await teacherWithToken(t);
    const other = await teacherWithToken(t);
    const { planId, c } = await plan(me);
    expect((await call(t, getPeriodicPlanList, {})).status).toBe(401);
    const list = (await call(t, getPeriodicPlanList, {}, { as: me })).data;
    expect(list.rows).toEqual([
      expect.objectContaining({
        plan_id: planId,
        title: '月曜の宿題',
        classes: [{ team_id: c.id, name: c.name }],
        weekdays: [1],
        state: 'scheduled',
        total_count: 3,
        deadline_days: 7,
        review_missed: false,
      }),
    ]);
    expect((await call(t, getPeriodicPlanList, {}, { as: other })).data.rows).toEqual([]);
    expect((await call(t, getPeriodicPlanDetail, { plan_id: planId })).status).toBe(401);
    expect((await call(t, getPeriodicPlanDetail, { plan_id: planId }, { as: other })).status).toBe(404);
  });

  it('edits the schedule and the end for the distributions to come', async () => {
    const me = await teacherWithToken(t);
    const other = await teacherWithToken(t);
    const { planId, resource } = await plan(me);
    const extra = await buildResource(t);
    const edit = {
      plan_id: planId,
      title: '月・木の宿題',
      end_time: iso(T0 + 14 * DAY),
      schedule: [
        { weekday: 1, resource_ids: [resource.id] },
        { weekday: 4, resource_ids: [extra.id, resource.id] },
      ],
      deadline_days: 3,
      required_times: 2,
      review_missed: true,
    };
    expect((await call(t, editPeriodicPlan, edit)).status).toBe(401);
    expect((await call(t, editPeriodicPlan, edit, { as: other })).status).toBe(404);
    const res = await call(t, editPeriodicPlan, edit, { as: me });
    expect(res.data).toMatchObject({
      title: '月・木の宿題',
      weekdays: [1, 4],
      deadline_days: 3,
      required_times: 2,
      review_missed: true,
    });
    // Thu 9, Mon 13, Thu 16 before Wed 22nd 09:00 → 3 (Mon 20 too): 9, 13, 16, 20
    expect(res.data.distributions.map((d) => d.date)).toEqual(['2026-04-09', '2026-04-13', '2026-04-16', '2026-04-20']);
    expect(res.data.schedule[1]!.resources.map((r) => r.resource_id)).toEqual([extra.id, resource.id]);
    const wrong = await call(t, editPeriodicPlan, { ...edit, end_time: iso(T0 - HOUR) }, { as: me });
    expect([wrong.status, wrong.errmsg]).toEqual([400, '終了時刻が間違っています。']);
    const empty = await call(
      t,
      editPeriodicPlan,
      { ...edit, schedule: [{ weekday: 2, resource_ids: [] }] },
      { as: me },
    );
    expect([empty.status, empty.errmsg]).toEqual([400, homeworkMessages.scheduleDayEmpty]);
  });

  it('delays by whole distributions and deletes', async () => {
    const me = await teacherWithToken(t);
    const other = await teacherWithToken(t);
    const { planId } = await plan(me);
    expect((await call(t, delayPeriodicPlan, { plan_id: planId, distributions: 1 })).status).toBe(401);
    expect((await call(t, delayPeriodicPlan, { plan_id: planId, distributions: 1 }, { as: other })).status).toBe(404);
    const bad = await call(t, delayPeriodicPlan, { plan_id: planId, distributions: 0 }, { as: me });
    expect([bad.status, bad.errmsg]).toEqual([400, homeworkMessages.delayCountWrong]);
    const res = await call(t, delayPeriodicPlan, { plan_id: planId, distributions: 1 }, { as: me });
    expect(res.data.distributions.map((d) => [d.date, d.status])).toEqual([
      ['2026-04-13', 'skipped'],
      ['2026-04-20', 'pending'],
      ['2026-04-27', 'pending'],
      ['2026-05-04', 'pending'],
    ]);
    expect(res.data.total_count).toBe(3);
    // The end moves by whole days past the new last Monday (May 4th, 10:00 in Japan): 5 May at the
    // time of day the teacher chose (09:00), never the slot's time plus a minute.
    expect(res.data.end_time).toBe(iso(T0 + 27 * DAY));
    // The skipped Monday is never made.
    clock.set(new Date(Date.parse('2026-04-13T01:00:00Z')));
    await t.app.scheduler.tick();
    expect((await call(t, getPeriodicPlanDetail, { plan_id: planId }, { as: me })).data.made_count).toBe(0);

    expect((await call(t, deletePeriodicPlan, { plan_id: planId })).status).toBe(401);
    expect((await call(t, deletePeriodicPlan, { plan_id: planId }, { as: other })).status).toBe(404);
    expect((await call(t, deletePeriodicPlan, { plan_id: planId }, { as: me })).errcode).toBe(0);
    expect((await call(t, getPeriodicPlanDetail, { plan_id: planId }, { as: me })).status).toBe(404);
    clock.set(new Date(Date.parse('2026-04-20T01:00:00Z')));
    await t.app.scheduler.tick();
    expect(await t.db.select().from(homework).where(eq(homework.planId, planId))).toEqual([]);
  });
});
