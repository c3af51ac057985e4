import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Db, DbOrTx } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { deleteOldNotices, noticeOverdue } from '../notices/index.js';
import { noticeLimits } from '@ondoku/contract';
import { missedItemsFromAttempts } from './missed-items.js';
import { distributeDue, duePlanIds, type MissedItemsSource } from './plans.js';
import { createTicker } from '../../lib/ticker.js';

/**
 * The homework scheduler (docs/homework.md "Scheduler"). Its durable state is the rows
 * themselves, in PostgreSQL: a homework not yet opened (`opened_at` null, start passed), not yet
 * closed (`closed_at` null, deadline passed), a plan whose `next_run_at` has come. Each tick
 * takes what is due at the injected clock's now:
 * - open: marks homework whose delivery time has come (and records an `opened` event);
 * - close: marks homework whose deadline passed (a `closed` event; a reissue closes again later);
 * - distribute: makes each due periodic distribution, once per plan and date;
 * - and forgets publish request keys older than a day.
 * Every step claims its rows with FOR UPDATE SKIP LOCKED, and unique keys (homework_events per
 * homework, kind and deadline; periodic_distributions per plan and date) refuse a second copy,
 * so a restart catches up what was missed and two processes never do a job twice.
 * The states the list shows are computed from the clock, so they are right even between ticks.
 */
export interface SchedulerReport {
  opened: number;
  closed: number;
  distributions: number;
}

export interface Scheduler {
  /** Do everything due now; resolves with what this process did. */
  tick(): Promise<SchedulerReport>;
  /** Tick every intervalMs until stop(). */
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

const BATCH = 500;

export function createScheduler(deps: {
  db: Db;
  clock: Clock;
  log?: FastifyBaseLogger;
  missedItems?: MissedItemsSource;
}): Scheduler {
  const { db, clock } = deps;
  const missed = deps.missedItems ?? missedItemsFromAttempts;

  async function mark(tx: DbOrTx, kind: 'opened' | 'closed', now: Date) {
    const due =
      kind === 'opened'
        ? sql`opened_at is null and deleted_at is null and start_time <= ${now}`
        : sql`closed_at is null and deleted_at is null and coalesce(reissue_end_time, end_time) <= ${now}`;
    const column = kind === 'opened' ? sql`opened_at` : sql`closed_at`;
    const at = kind === 'opened' ? sql`start_time` : sql`coalesce(reissue_end_time, end_time)`;
    const res = await tx.execute<{ id: number; deadline: Date }>(sql`
      with claimed as (
        select id from homework where ${due} order by id limit ${BATCH} for update skip locked
      ), marked as (
        update homework h set ${column} = ${now} from claimed where h.id = claimed.id returning h.id, ${at} as deadline
      ), recorded as (
        insert into homework_events (homework_id, kind, deadline, at)
        select id, ${kind}, deadline, ${now} from marked
        on conflict do nothing returning homework_id, deadline
      )
      select homework_id as id, deadline from recorded`);
    // A deadline passed with children who had not submitted: the teacher hears of it.
    if (kind === 'closed' && res.rows.length)
      await noticeOverdue(
        tx,
        res.rows.map((r) => ({ homeworkId: Number(r.id), deadline: new Date(r.deadline) })),
        now,
      );
    return res.rows.length;
  }

  /**
   * One tick at a time across every process on the database: a tick runs in one transaction
   * holding a transaction-level advisory lock, and a tick that cannot take it (another process is
   * ticking) does nothing this time. Row claims and unique keys still guard each step.
   */
  async function tick(): Promise<SchedulerReport> {
    const now = clock.now();
    const report: SchedulerReport = { opened: 0, closed: 0, distributions: 0 };
    return db.transaction(async (tx) => {
      const lock = await tx.execute<{ locked: boolean }>(
        sql`select pg_try_advisory_xact_lock(hashtext('ondoku-homework-scheduler')) as locked`,
      );
      if (!lock.rows[0]?.locked) return report;
      for (const planId of await duePlanIds(tx, now, 50))
        report.distributions += await tx.transaction((plan) => distributeDue(plan, planId, now, missed));
      // Distributions made just now may already be open (catching up), so open and close after them.
      report.opened = await mark(tx, 'opened', now);
      report.closed = await mark(tx, 'closed', now);
      // Request keys only guard against a repeated click or retry: a day is plenty.
      await tx.execute(
        sql`delete from homework_publish_keys where created_at < ${new Date(now.getTime() - 86_400_000)}`,
      );
      await deleteOldNotices(tx, new Date(now.getTime() - noticeLimits.keepDays * 86_400_000));
      return report;
    });
  }

  return { tick, ...createTicker(tick, { log: deps.log, name: 'homework scheduler' }) };
}
