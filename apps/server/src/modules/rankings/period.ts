import { rankingPeriodLabels, type RankingPeriod, type RankingPeriodRef } from '@ondoku/contract';

/**
 * The periods of the rankings in the school's calendar (Asia/Tokyo, UTC+9 all year): this week
 * (Monday first), this month, this term (1学期 April–August, 2学期 September–December, 3学期
 * January–March, as the study reports read them) or a chosen range of dates, each compared with
 * the period before it (last week, last month, last term, the same number of days just before).
 * docs/rankings.md, "Periods".
 */
const JST_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

const midnight = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d) - JST_MS);
const pad = (n: number) => String(n).padStart(2, '0');
/** The school date of an instant as YYYY-MM-DD. */
export const schoolDate = (at: Date) => {
  const d = new Date(at.getTime() + JST_MS);
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
};
const parts = (at: Date) => {
  const d = new Date(at.getTime() + JST_MS);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate(), weekday: d.getUTCDay() };
};
const fromDate = (date: string) => {
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return midnight(y, m, d);
};

export interface Range {
  from: Date;
  /** Exclusive. */
  to: Date;
}

export interface RankingPeriodRange {
  current: Range;
  previous: Range;
  ref: RankingPeriodRef;
}

/** The term containing a school date's month: its first month and year. */
function termStart(y: number, m: number) {
  if (m >= 4 && m <= 8) return { y, m: 4 };
  if (m >= 9) return { y, m: 9 };
  return { y, m: 1 };
}
const termAfter = (s: { y: number; m: number }) =>
  s.m === 4 ? { y: s.y, m: 9 } : s.m === 9 ? { y: s.y + 1, m: 1 } : { y: s.y, m: 4 };
const termBefore = (s: { y: number; m: number }) =>
  s.m === 4 ? { y: s.y, m: 1 } : s.m === 9 ? { y: s.y, m: 4 } : { y: s.y - 1, m: 9 };

export function rankingPeriod(
  q: { period: RankingPeriod; start_time?: string | undefined; end_time?: string | undefined },
  now: Date,
): RankingPeriodRange {
  let current: Range;
  let previous: Range;
  if (q.start_time && q.end_time) {
    const from = fromDate(q.start_time);
    const to = new Date(fromDate(q.end_time).getTime() + DAY_MS);
    current = { from, to };
    previous = { from: new Date(from.getTime() - (to.getTime() - from.getTime())), to: from };
  } else if (q.period === 'month') {
    const { y, m } = parts(now);
    current = { from: midnight(y, m, 1), to: midnight(y, m + 1, 1) };
    previous = { from: midnight(y, m - 1, 1), to: current.from };
  } else if (q.period === 'term') {
    const { y, m } = parts(now);
    const s = termStart(y, m);
    const next = termAfter(s);
    const before = termBefore(s);
    current = { from: midnight(s.y, s.m, 1), to: midnight(next.y, next.m, 1) };
    previous = { from: midnight(before.y, before.m, 1), to: current.from };
  } else {
    const { y, m, d, weekday } = parts(now);
    const back = (weekday + 6) % 7;
    const from = midnight(y, m, d - back);
    current = { from, to: new Date(from.getTime() + 7 * DAY_MS) };
    previous = { from: new Date(from.getTime() - 7 * DAY_MS), to: from };
  }
  const last = (r: Range) => schoolDate(new Date(r.to.getTime() - DAY_MS));
  const period = q.start_time && q.end_time ? 'custom' : q.period;
  return {
    current,
    previous,
    ref: {
      period,
      label: rankingPeriodLabels[period],
      start_date: schoolDate(current.from),
      end_date: last(current),
      previous_start_date: schoolDate(previous.from),
      previous_end_date: last(previous),
    },
  };
}
