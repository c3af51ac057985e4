import { studyPeriodLabels, type StudyPeriod } from '@ondoku/contract';

/**
 * The school's calendar (Asia/Tokyo, no daylight saving: UTC+9) for the study reports
 * (docs/study-survey.md): this month, this term (1学期 April–August, 2学期 September–December,
 * 3学期 January–March) and this school year (April to March).
 */
const JST_MS = 9 * 3_600_000;
const DAY_MS = 86_400_000;

/** The school's calendar date of an instant. */
export function schoolDay(at: Date) {
  const d = new Date(at.getTime() + JST_MS);
  return { y: d.getUTCFullYear(), m: d.getUTCMonth() + 1, d: d.getUTCDate(), weekday: d.getUTCDay() };
}

/** Midnight in Tokyo of a calendar date (month and day may overflow: 13 → next January). */
export const schoolMidnight = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d) - JST_MS);

/** The instant a `date` query (YYYY-MM-DD) stands for: noon of that school day; else now. */
export function referenceTime(date: string | undefined, now: Date) {
  if (!date) return now;
  const [y, m, d] = date.split('-').map(Number) as [number, number, number];
  return new Date(schoolMidnight(y, m, d).getTime() + DAY_MS / 2);
}

export interface PeriodRange {
  value: StudyPeriod;
  label: string;
  name: string;
  from: Date;
  to: Date;
}

export function periodRange(period: StudyPeriod, at: Date): PeriodRange {
  const { y, m } = schoolDay(at);
  const schoolYear = m >= 4 ? y : y - 1;
  const label = studyPeriodLabels[period];
  if (period === 'month')
    return {
      value: period,
      label,
      name: `${y}年${m}月`,
      from: schoolMidnight(y, m, 1),
      to: schoolMidnight(y, m + 1, 1),
    };
  if (period === 'year')
    return {
      value: period,
      label,
      name: `${schoolYear}年度`,
      from: schoolMidnight(schoolYear, 4, 1),
      to: schoolMidnight(schoolYear + 1, 4, 1),
    };
  const [term, from, to] =
    m >= 4 && m <= 8
      ? [1, schoolMidnight(schoolYear, 4, 1), schoolMidnight(schoolYear, 9, 1)]
      : m >= 9
        ? [2, schoolMidnight(schoolYear, 9, 1), schoolMidnight(schoolYear + 1, 1, 1)]
        : [3, schoolMidnight(schoolYear + 1, 1, 1), schoolMidnight(schoolYear + 1, 4, 1)];
  return { value: period, label, name: `${schoolYear}年度 ${term}学期`, from, to };
}

export interface Bucket {
  label: string;
  from: Date;
  to: Date;
}

/** The trend's buckets: weeks (Monday first, cut at the month's edges) for a month, months otherwise. */
export function bucketsOf(range: PeriodRange): { granularity: 'week' | 'month'; buckets: Bucket[] } {
  const buckets: Bucket[] = [];
  if (range.value === 'month') {
    let from = range.from;
    while (from < range.to) {
      const day = schoolDay(from);
      const toMonday = (8 - day.weekday) % 7 || 7;
      const next = schoolMidnight(day.y, day.m, day.d + toMonday);
      const to = next < range.to ? next : range.to;
      const last = schoolDay(new Date(to.getTime() - 1));
      buckets.push({ label: `${day.m}/${day.d}〜${last.m}/${last.d}`, from, to });
      from = to;
    }
    return { granularity: 'week', buckets };
  }
  let from = range.from;
  while (from < range.to) {
    const day = schoolDay(from);
    const to = schoolMidnight(day.y, day.m + 1, 1);
    buckets.push({ label: `${day.m}月`, from, to });
    from = to;
  }
  return { granularity: 'month', buckets };
}
