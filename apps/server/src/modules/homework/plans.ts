import { homeworkLimits, homeworkMessages, type PublishInput, type ScheduleDay } from '@ondoku/contract';
import { and, asc, count, desc, eq, ilike, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.js';
import {
  classes,
  homework,
  periodicDistributions,
  periodicPlanDays,
  periodicPlans,
  students,
} from '../../db/schema/index.js';
import { AppError } from '../../lib/app-error.js';
import type { ActingTeacher } from '../../lib/acting.js';
import { requireVisibleResources, visibleResources } from './library-access.js';
import { DAY_MS, japanDate, japanWeekday, planSlots, takeSlots } from './plan-slots.js';
import type { PlanRecord } from './policy.js';
import { insertHomework, ownClassIds, ownStudentIds } from './repository.js';
import { recipientGroups } from './recipients.js';

type Origin = 'headquarters' | 'classroom';

/**
 * Periodic plans: saved by publish-homework, distributed by the scheduler (distributeDue), and
 * edited, delayed and deleted from /homework/periodic-plan. Weekdays and dates are Japan's.
 */
type Acting = Pick<ActingTeacher, 'id'>;
type PeriodicInput = Extract<PublishInput, { homework_type: 'periodic' }>;

const bad = (message: string) => AppError.badRequest(message);
const WEEK_MS = 7 * DAY_MS;

/**
 * What a child missed in their earlier attempts (words and sentences), brought back
 * by plans with review_missed (docs/homework.md, "Periodic plans"). The default source reads the children's attempts
 * (missed-items.ts); tests may give another. It receives the plan's teacher, the children and the
 * time since which to look.
 */
export type MissedItemsSource = (
  db: DbOrTx,
  input: { teacherId: number; studentIds: number[]; since: Date },
) => Promise<Map<number, unknown[]>>;
export const noMissedItems: MissedItemsSource = async () => new Map();

async function planDays(db: DbOrTx, planId: number) {
  return db
    .select()
    .from(periodicPlanDays)
    .where(eq(periodicPlanDays.planId, planId))
    .orderBy(asc(periodicPlanDays.weekday), asc(periodicPlanDays.position));
}

async function writeDays(db: DbOrTx, teacherId: number, planId: number, schedule: ScheduleDay[]) {
  await requireVisibleResources(db, teacherId, [...new Set(schedule.flatMap((d) => d.resource_ids))]);
  await db.delete(periodicPlanDays).where(eq(periodicPlanDays.planId, planId));
  await db
    .insert(periodicPlanDays)
    .values(
      schedule.flatMap((d) =>
        d.resource_ids.map((resourceId, i) => ({ planId, weekday: d.weekday, position: i + 1, resourceId })),
      ),
    );
}

async function takenDates(db: DbOrTx, planId: number) {
  const rows = await db
    .select({ date: periodicDistributions.date })
    .from(periodicDistributions)
    .where(eq(periodicDistributions.planId, planId));
  return new Set(rows.map((r) => r.date));
}

/** The pending slots of a plan from `from` on: on its weekdays, before its end, not made or skipped. */
function* pendingSlots(
  plan: Pick<PlanRecord, 'startTime' | 'endTime'>,
  weekdays: Set<number>,
  taken: Set<string>,
  from: Date,
) {
  for (const slot of planSlots(plan, weekdays, from)) if (!taken.has(japanDate(slot))) yield slot;
}

const firstOf = (gen: Generator<Date>) => {
  for (const s of gen) return s;
  return null;
};

/** Where the scheduler resumes: a due slot not yet made (the server was down) counts, then the future. */
async function nextRunAt(db: DbOrTx, plan: Pick<PlanRecord, 'id' | 'startTime' | 'endTime' | 'nextRunAt'>, from: Date) {
  const weekdays = new Set((await planDays(db, plan.id)).map((d) => d.weekday));
  return firstOf(pendingSlots(plan, weekdays, await takenDates(db, plan.id), from));
}

function checkPlanTimes(startTime: Date, endTime: Date, now: Date) {
  if (endTime <= startTime || endTime <= now) throw bad(homeworkMessages.endTimeWrong);
  if (endTime.getTime() - startTime.getTime() > homeworkLimits.periodicMaxWeeks * WEEK_MS)
    throw bad(homeworkMessages.periodicTooLong);
}

/** Save a periodic plan (publish-homework, periodic); its homework come with its distributions. */
export async function createPlan(
  db: DbOrTx,
  teacher: Acting,
  input: PeriodicInput,
  studentIds: number[],
  now: Date,
  origin: Origin,
) {
  const startTime = new Date(input.publish_time);
  const endTime = new Date(input.end_time);
  checkPlanTimes(startTime, endTime, now);
  const weekdays = new Set(input.schedule.map((d) => d.weekday));
  const first = firstOf(planSlots({ startTime, endTime }, weekdays));
  if (!first) throw bad(homeworkMessages.periodicNoDistribution);
  const groups = await recipientGroups(db, teacher.id, input.team_ids, studentIds);
  if (groups.length === 0) throw bad(homeworkMessages.recipientsEmpty);
  const [plan] = await db
    .insert(periodicPlans)
    .values({
      teacherId: teacher.id,
      title: input.title,
      originType: origin,
      classIds: input.team_ids,
      studentIds,
      requiredTimes: input.required_times ?? null,
      startTime,
      endTime,
      deadlineDays: input.deadline_days,
      reviewMissed: input.review_missed,
      nextRunAt: first,
      createdAt: now,
      updatedAt: now,
    })
    .returning({ id: periodicPlans.id });
  await writeDays(db, teacher.id, plan!.id, input.schedule);
  return plan!.id;
}

/**
 * The scheduler's job for one plan: make every due distribution (slot ≤ now) not made yet, each
 * once — the plan row is locked (SKIP LOCKED: another process takes another plan) and the unique
 * (plan, date) index refuses a second copy whatever happens — then set the next run. Returns how
 * many distributions it made.
 */
export async function distributeDue(db: DbOrTx, planId: number, now: Date, missed: MissedItemsSource): Promise<number> {
  const [plan] = await db
    .select()
    .from(periodicPlans)
    .where(and(eq(periodicPlans.id, planId), isNull(periodicPlans.deletedAt), lte(periodicPlans.nextRunAt, now)))
    .for('update', { skipLocked: true });
  if (!plan?.nextRunAt) return 0;
  const days = await planDays(db, plan.id);
  const weekdays = new Set(days.map((d) => d.weekday));
  const taken = await takenDates(db, plan.id);
  let made = 0;
  for (const slot of pendingSlots(plan, weekdays, taken, plan.nextRunAt)) {
    if (slot > now) break;
    const date = japanDate(slot);
    const endTime = new Date(slot.getTime() + plan.deadlineDays * DAY_MS);
    const [dist] = await db
      .insert(periodicDistributions)
      .values({ planId: plan.id, date, status: 'made', startTime: slot, endTime, createdAt: now })
      .onConflictDoNothing()
      .returning({ id: periodicDistributions.id });
    taken.add(date);
    if (!dist) continue;
    made++;
    const weekday = japanWeekday(slot);
    const resources = await visibleResources(
      db,
      plan.teacherId,
      days.filter((d) => d.weekday === weekday).map((d) => d.resourceId),
    );
    if (resources.length === 0) continue;
    const classIds = await ownClassIds(db, plan.teacherId, plan.classIds);
    const singles = await ownStudentIds(db, plan.teacherId, plan.studentIds);
    const groups = await recipientGroups(db, plan.teacherId, classIds, singles);
    const review = plan.reviewMissed
      ? await missed(db, {
          teacherId: plan.teacherId,
          studentIds: groups.flatMap((g) => g.studentIds),
          since: new Date(slot.getTime() - WEEK_MS),
        })
      : new Map<number, unknown[]>();
    for (const g of groups)
      await insertHomework(
        db,
        {
          teacherId: plan.teacherId,
          title: plan.title,
          type: 'periodic',
          originType: plan.originType,
          classId: g.classId,
          requiredTimes: plan.requiredTimes,
          startTime: slot,
          endTime,
          planId: plan.id,
          distributionId: dist.id,
          createdAt: now,
          updatedAt: now,
        },
        resources.map((r) => ({ resourceId: r.id, title: r.title, type: r.type, itemCount: r.itemCount })),
        g.studentIds.map((studentId) => ({
          studentId,
          classId: g.classId,
          reviewItems: review.get(studentId) ?? null,
        })),
      );
  }
  const next = firstOf(pendingSlots(plan, weekdays, taken, new Date(now.getTime() + 1)));
  await db.update(periodicPlans).set({ nextRunAt: next }).where(eq(periodicPlans.id, plan.id));
  return made;
}

/** Plans with a distribution due at `now` (the scheduler's queue). */
export async function duePlanIds(db: DbOrTx, now: Date, limit: number) {
  const rows = await db
    .select({ id: periodicPlans.id })
    .from(periodicPlans)
    .where(and(isNull(periodicPlans.deletedAt), lte(periodicPlans.nextRunAt, now)))
    .orderBy(asc(periodicPlans.nextRunAt))
    .limit(limit);
  return rows.map((r) => r.id);
}

export interface PlanEdit {
  title: string;
  endTime: Date;
  schedule: ScheduleDay[];
  deadlineDays: number;
  requiredTimes: number | null;
  reviewMissed: boolean;
}

/** periodic-plan-edit: applies to the distributions not made yet. */
export async function editPlan(db: DbOrTx, teacher: Acting, plan: PlanRecord, edit: PlanEdit, now: Date) {
  checkPlanTimes(plan.startTime, edit.endTime, now);
  await writeDays(db, teacher.id, plan.id, edit.schedule);
  const from = plan.nextRunAt && plan.nextRunAt < now ? plan.nextRunAt : now;
  const next = await nextRunAt(db, { ...plan, endTime: edit.endTime }, from);
  await db
    .update(periodicPlans)
    .set({
      title: edit.title,
      endTime: edit.endTime,
      deadlineDays: edit.deadlineDays,
      requiredTimes: edit.requiredTimes,
      reviewMissed: edit.reviewMissed,
      nextRunAt: next,
      updatedAt: now,
    })
    .where(eq(periodicPlans.id, plan.id));
}

/**
 * periodic-plan-delay: the next n pending distributions are skipped (recorded, so the scheduler
 * never makes them), and the end moves later by whole days until it holds as many more slots, so
 * the plan keeps its count and its end keeps its time of day.
 */
export async function delayPlan(db: DbOrTx, plan: PlanRecord, n: number, now: Date) {
  const days = await planDays(db, plan.id);
  const weekdays = new Set(days.map((d) => d.weekday));
  const taken = await takenDates(db, plan.id);
  const from = plan.nextRunAt && plan.nextRunAt < now ? plan.nextRunAt : now;
  const skipped = takeSlots(pendingSlots(plan, weekdays, taken, from), n);
  if (skipped.length === 0) throw bad(homeworkMessages.planFinished);
  await db
    .insert(periodicDistributions)
    .values(
      skipped.map((slot) => ({
        planId: plan.id,
        date: japanDate(slot),
        status: 'skipped' as const,
        startTime: slot,
        endTime: new Date(slot.getTime() + plan.deadlineDays * DAY_MS),
        createdAt: now,
      })),
    )
    .onConflictDoNothing();
  const beyond = takeSlots(
    planSlots(
      { startTime: plan.startTime, endTime: new Date(plan.endTime.getTime() + (n + 1) * WEEK_MS) },
      weekdays,
      plan.endTime,
    ),
    skipped.length,
  );
  // Whole days after the old end, just past the last slot it must now hold: the end keeps the
  // time of day the teacher chose (never the slot's time plus a minute).
  const oldEnd = plan.endTime.getTime();
  const endTime = new Date(oldEnd + (Math.floor((beyond.at(-1)!.getTime() - oldEnd) / DAY_MS) + 1) * DAY_MS);
  const next = await nextRunAt(db, { ...plan, endTime }, from);
  await db.update(periodicPlans).set({ endTime, nextRunAt: next, updatedAt: now }).where(eq(periodicPlans.id, plan.id));
}

/** periodic-plan-delete: no more distributions; the homework already made stay. */
export async function deletePlan(db: DbOrTx, plan: PlanRecord, now: Date) {
  await db
    .update(periodicPlans)
    .set({ deletedAt: now, nextRunAt: null, updatedAt: now })
    .where(eq(periodicPlans.id, plan.id));
}

/* Reading plans */

export interface PlanView {
  plan: PlanRecord;
  classes: { team_id: number; name: string }[];
  studentLoginIds: string[];
  weekdays: number[];
  madeCount: number;
  pending: Date[];
  state: 'scheduled' | 'running' | 'finished';
}

async function viewOf(db: DbOrTx, plan: PlanRecord): Promise<PlanView> {
  // One query after another: `db` may be a transaction (one connection).
  const days = await planDays(db, plan.id);
  const dists = await db
    .select({ date: periodicDistributions.date, status: periodicDistributions.status })
    .from(periodicDistributions)
    .where(eq(periodicDistributions.planId, plan.id));
  const classRows = plan.classIds.length
    ? await db
        .select({ team_id: classes.id, name: classes.name })
        .from(classes)
        .where(and(eq(classes.teacherId, plan.teacherId), inArray(classes.id, plan.classIds)))
    : [];
  const studentRows = plan.studentIds.length
    ? await db
        .select({ loginId: students.loginId })
        .from(students)
        .where(and(eq(students.teacherId, plan.teacherId), inArray(students.id, plan.studentIds)))
    : [];
  const weekdays = [...new Set(days.map((d) => d.weekday))].sort();
  const taken = new Set(dists.map((d) => d.date));
  const pending = plan.nextRunAt ? [...pendingSlots(plan, new Set(weekdays), taken, plan.nextRunAt)] : [];
  const madeCount = dists.filter((d) => d.status === 'made').length;
  const order = new Map(plan.classIds.map((id, i) => [id, i]));
  return {
    plan,
    classes: classRows.sort((a, b) => order.get(a.team_id)! - order.get(b.team_id)!),
    studentLoginIds: studentRows.map((s) => s.loginId).sort(),
    weekdays,
    madeCount,
    pending,
    state: pending.length === 0 ? 'finished' : madeCount === 0 ? 'scheduled' : 'running',
  };
}

export async function listPlans(
  db: DbOrTx,
  teacherId: number,
  q: { page: number; limit: number; searchTitle?: string },
) {
  const where = and(
    eq(periodicPlans.teacherId, teacherId),
    isNull(periodicPlans.deletedAt),
    q.searchTitle ? ilike(periodicPlans.title, `%${q.searchTitle.replace(/[\\%_]/g, (c) => `\\${c}`)}%`) : undefined,
  );
  const [rows, [total]] = await Promise.all([
    db
      .select()
      .from(periodicPlans)
      .where(where)
      .orderBy(desc(periodicPlans.createdAt), desc(periodicPlans.id))
      .limit(q.limit)
      .offset((q.page - 1) * q.limit),
    db.select({ n: count() }).from(periodicPlans).where(where),
  ]);
  return { rows: await Promise.all(rows.map((p) => viewOf(db, p))), total: total?.n ?? 0 };
}

/** A plan's view with its schedule (resources) and every distribution with its homework. */
export async function planDetail(db: DbOrTx, plan: PlanRecord) {
  const view = await viewOf(db, plan);
  const days = await planDays(db, plan.id);
  const resources = await db.execute<{ id: number; title: string; type: string; item_count: number }>(
    sql`select id, title, type, item_count from library_resources where id in (select resource_id from periodic_plan_days where plan_id = ${plan.id})`,
  );
  const byId = new Map(resources.rows.map((r) => [r.id, r]));
  const dists = await db
    .select()
    .from(periodicDistributions)
    .where(eq(periodicDistributions.planId, plan.id))
    .orderBy(asc(periodicDistributions.startTime));
  const made = dists.length
    ? await db
        .select({ id: homework.id, distributionId: homework.distributionId })
        .from(homework)
        .where(
          and(
            inArray(
              homework.distributionId,
              dists.map((d) => d.id),
            ),
            isNull(homework.deletedAt),
          ),
        )
        .orderBy(asc(homework.id))
    : [];
  return {
    view,
    schedule: view.weekdays.map((weekday) => ({
      weekday,
      resources: days
        .filter((d) => d.weekday === weekday)
        .flatMap((d) => {
          const r = byId.get(d.resourceId);
          return r ? [{ resource_id: r.id, title: r.title, type: r.type, item_count: r.item_count }] : [];
        }),
    })),
    distributions: [
      ...dists.map((d) => ({
        date: d.date,
        startTime: d.startTime,
        endTime: d.endTime,
        status: d.status,
        homeworkIds: made.filter((h) => h.distributionId === d.id).map((h) => h.id),
      })),
      ...view.pending.map((slot) => ({
        date: japanDate(slot),
        startTime: slot,
        endTime: new Date(slot.getTime() + plan.deadlineDays * DAY_MS),
        status: 'pending' as const,
        homeworkIds: [] as number[],
      })),
    ],
  };
}
