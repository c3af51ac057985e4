import {
  schoolClock,
  selfPracticePeriodKeys,
  selfPracticePeriodLabels,
  type SelfPracticePeriodKey,
} from '@ondoku/contract';
import type { Period } from './repository.js';

/**
 * Periods as a Japanese school reads them: calendar dates in Asia/Tokyo, a period of dates
 * covering [00:00 of the first, 00:00 of the day after the last) in Japan, whatever the server's
 * time zone.
 */
const DAY_MS = 86_400_000;
const pad = (n: number) => String(n).padStart(2, '0');
const dateOf = (y: number, m: number, d: number) => {
  const at = new Date(Date.UTC(y, m - 1, d));
  return `${at.getUTCFullYear()}-${pad(at.getUTCMonth() + 1)}-${pad(at.getUTCDate())}`;
};
const japanMidnight = (date: string) => new Date(Date.parse(`${date}T00:00:00+09:00`));

export interface DateRange {
  start_date: string;
  end_date: string;
}

/** The instants of a range of dates. */
export const periodOf = (r: DateRange): Period => ({
  from: japanMidnight(r.start_date),
  to: new Date(japanMidnight(r.end_date).getTime() + DAY_MS),
});

/** Today's date in Japan. */
export const today = (now: Date) => {
  const c = schoolClock(now);
  return dateOf(c.year, c.month, c.day);
};

/** A month (offset 0: this month, -1: last month) of the Japanese calendar. */
export function monthRange(now: Date, offset = 0): DateRange & { year: number; month: number } {
  const c = schoolClock(now);
  const first = new Date(Date.UTC(c.year, c.month - 1 + offset, 1));
  const year = first.getUTCFullYear();
  const month = first.getUTCMonth() + 1;
  return { year, month, start_date: dateOf(year, month, 1), end_date: dateOf(year, month + 1, 0) };
}

/** The ranges the filter offers (今月, 先月, 直近7日間, 直近30日間, 今年度 from April 1). */
export function namedRanges(now: Date): (DateRange & { key: SelfPracticePeriodKey; label: string })[] {
  const c = schoolClock(now);
  const t = today(now);
  const ranges: Record<SelfPracticePeriodKey, DateRange> = {
    this_month: monthRange(now, 0),
    last_month: monthRange(now, -1),
    last_7_days: { start_date: dateOf(c.year, c.month, c.day - 6), end_date: t },
    last_30_days: { start_date: dateOf(c.year, c.month, c.day - 29), end_date: t },
    this_year: { start_date: dateOf(c.month >= 4 ? c.year : c.year - 1, 4, 1), end_date: t },
  };
  return selfPracticePeriodKeys.map((key) => ({
    key,
    label: selfPracticePeriodLabels[key],
    start_date: ranges[key].start_date,
    end_date: ranges[key].end_date,
  }));
}

/** The range a call asked for: both dates, one of them (the other from this month), or this month. */
export function requestedRange(now: Date, q: { start_date?: string; end_date?: string }): DateRange {
  const month = monthRange(now, 0);
  const start = q.start_date ?? (q.end_date && q.end_date < month.start_date ? q.end_date : month.start_date);
  const end = q.end_date ?? (start > month.end_date ? start : month.end_date);
  return { start_date: start, end_date: end };
}
