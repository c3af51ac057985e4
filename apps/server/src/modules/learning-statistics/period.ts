import { schoolClock } from '@ondoku/contract';

/**
 * Periods and buckets as a Japanese school reads them: calendar dates in Asia/Tokyo; a period of
 * dates covers [00:00 of the first, 00:00 of the day after the last) in Japan; weeks start on
 * Monday; the default period is the last 12 weeks up to today (docs/learning-statistics.md).
 */
const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const dateOfUtc = (at: Date) => `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
const utcOf = (date: string) => new Date(`${date}T00:00:00Z`);
const addDays = (date: string, days: number) => dateOfUtc(new Date(utcOf(date).getTime() + days * DAY_MS));
const japanMidnight = (date: string) => new Date(Date.parse(`${date}T00:00:00+09:00`));

export interface DateRange {
  start_date: string;
  end_date: string;
}

/** Instants [from, to) of a range of dates. */
export interface Period {
  from: Date;
  to: Date;
}

export const periodOf = (r: DateRange): Period => ({
  from: japanMidnight(r.start_date),
  to: new Date(japanMidnight(r.end_date).getTime() + DAY_MS),
});

export const todayIn = (now: Date) => {
  const c = schoolClock(now);
  return `${c.year}-${pad(c.month)}-${pad(c.day)}`;
};

export const DEFAULT_WEEKS = 12;

/** The range asked for; a missing end is today, a missing start the Monday 11 weeks before the end's week. */
export function requestedRange(
  now: Date,
  q: { start_date?: string | undefined; end_date?: string | undefined },
): DateRange {
  const end = q.end_date ?? (q.start_date && q.start_date > todayIn(now) ? q.start_date : todayIn(now));
  const start = q.start_date ?? addDays(bucketStart(end, 'week'), -7 * (DEFAULT_WEEKS - 1));
  return { start_date: start, end_date: end };
}

export type BucketUnit = 'day' | 'week' | 'month';

/** The first date of the day, week (Monday) or month holding `date`. */
export function bucketStart(date: string, unit: BucketUnit): string {
  if (unit === 'day') return date;
  if (unit === 'month') return `${date.slice(0, 8)}01`;
  const weekday = utcOf(date).getUTCDay(); // 0 Sunday
  return addDays(date, -((weekday + 6) % 7));
}

function nextBucket(start: string, unit: BucketUnit): string {
  if (unit === 'day') return addDays(start, 1);
  if (unit === 'week') return addDays(start, 7);
  const d = utcOf(start);
  return dateOfUtc(new Date(Date.UTC(d.getUTCFullYear(), d.getUTCMonth() + 1, 1)));
}

/** Every bucket of the range, in order, by its first date (the natural start, e.g. a Monday before the range). */
export function bucketsOf(r: DateRange, unit: BucketUnit): string[] {
  const out: string[] = [];
  for (let b = bucketStart(r.start_date, unit); b <= r.end_date; b = nextBucket(b, unit)) out.push(b);
  return out;
}

/** The bucket's first date as shown: not before the range's start. */
export const shownStart = (bucket: string, r: DateRange) => (bucket < r.start_date ? r.start_date : bucket);

/** The first day of the month holding `date`. */
export const monthOf = (date: string) => `${date.slice(0, 8)}01`;

/** The middle of a period: the first half is [from, middle), the second [middle, to). */
export const middleOf = (p: Period) => new Date((p.from.getTime() + p.to.getTime()) / 2);
