import { integralPoints } from '@ondoku/contract';
import { schoolDate, type Range } from './period.js';
import type { StudentMetrics } from './metrics.js';

/**
 * The integral points: the one place they are counted (docs/rankings.md, "Integral points"). The
 * rule's values and labels are the contract's `integralRules`, which the screens show; the ranking,
 * the printable export, the achievements list and the children's side all call this.
 */
const DAY_MS = 86_400_000;

const previousDate = (date: string) => schoolDate(new Date(Date.parse(`${date}T12:00:00+09:00`) - DAY_MS));

/** Practice days in the period whose day before was a practice day too, and the longest run. */
export function streakOf(days: string[], range: Range) {
  const set = new Set(days);
  const first = schoolDate(range.from);
  let continued = 0;
  let longest = 0;
  let run = 0;
  for (const day of [...set].filter((d) => d >= first).sort()) {
    const before = previousDate(day);
    if (set.has(before)) continued++;
    // The run ending on this day, counted within the period only.
    run = set.has(before) && before >= first ? run + 1 : 1;
    longest = Math.max(longest, run);
  }
  return { continued, longest };
}

export interface IntegralBreakdown {
  submissions: number;
  goodScores: number;
  homeworkDone: number;
  /** Days that continued a streak (each worth the streak points). */
  streakDays: number;
  longestStreak: number;
  points: number;
}

export function integralOf(m: StudentMetrics, range: Range): IntegralBreakdown {
  const { continued, longest } = streakOf(m.days, range);
  const points =
    m.submissions * integralPoints.submission +
    m.goodScores * integralPoints.good_score +
    m.homeworkDone * integralPoints.homework_done +
    continued * integralPoints.streak;
  return {
    submissions: m.submissions,
    goodScores: m.goodScores,
    homeworkDone: m.homeworkDone,
    streakDays: continued,
    longestStreak: longest,
    points,
  };
}
