import { JAPAN_OFFSET_MS } from '@ondoku/contract';

/**
 * Periodic plans count days and weekdays in Japan (UTC+9, no daylight saving), so adding 24 hours
 * keeps the time of day. A plan's slots are the instants at its start's time of day, on its
 * schedule's weekdays, from its start (inclusive) to its end (exclusive).
 */
export const DAY_MS = 86_400_000;

const japan = (t: Date) => new Date(t.getTime() + JAPAN_OFFSET_MS);
/** 2026-04-08: the date in Japan. */
export const japanDate = (t: Date) => japan(t).toISOString().slice(0, 10);
/** 0 = Sunday … 6 = Saturday, in Japan. */
export const japanWeekday = (t: Date) => japan(t).getUTCDay();
/** Midnight in Japan of a date (2026-04-08 → 2026-04-07T15:00:00Z). */
export const japanMidnight = (date: string) => new Date(Date.parse(`${date}T00:00:00+09:00`));

export function* planSlots(
  plan: { startTime: Date; endTime: Date },
  weekdays: ReadonlySet<number>,
  from: Date = plan.startTime,
): Generator<Date> {
  if (weekdays.size === 0) return;
  const start = plan.startTime.getTime();
  const end = plan.endTime.getTime();
  let k = Math.max(0, Math.ceil((from.getTime() - start) / DAY_MS));
  for (let t = start + k * DAY_MS; t < end; t = start + ++k * DAY_MS) {
    const slot = new Date(t);
    if (weekdays.has(japanWeekday(slot))) yield slot;
  }
}

/** The first n slots (fewer when the plan ends sooner). */
export function takeSlots(gen: Generator<Date>, n: number): Date[] {
  const out: Date[] = [];
  for (const s of gen) {
    if (out.length >= n) break;
    out.push(s);
  }
  return out;
}
