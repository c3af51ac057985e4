import { goodScore, reportLimits, reportScoreBands } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { classMetrics, integralOf, rankingPeriod, type RankingPeriodRange } from '../rankings/index.js';
import * as repo from './repository.js';

/**
 * The term reports (docs/rankings.md, "Reports"): this term unless dates are given; the figures
 * and points are the rankings' (one definition), the rest read here.
 */
export const reportPeriod = (q: { start_time?: string | undefined; end_time?: string | undefined }, now: Date) =>
  rankingPeriod(q.start_time && q.end_time ? { period: 'custom', ...q } : { period: 'term' }, now);

export async function studentReport(
  db: DbOrTx,
  teacherId: number,
  student: { id: number },
  period: RankingPeriodRange,
) {
  const r = period.current;
  const [weeks, best, words, homework, comment, classes] = await Promise.all([
    repo.weeklyScores(db, teacherId, student.id, r),
    repo.bestAttempts(db, teacherId, student.id, r, reportLimits.bestRecordings),
    repo.wordStats(db, teacherId, [student.id], r),
    repo.homeworkOf(db, teacherId, student.id, r),
    repo.lastEncouragement(db, teacherId, student.id, r),
    repo.classesOf(db, teacherId, student.id),
  ]);
  // The child's figures as the rankings count them, from one of their classes (any: they are the child's own).
  let figures = null;
  for (const c of classes) {
    const m = (await classMetrics(db, teacherId, c.id, r)).find((x) => x.studentId === student.id);
    if (m) {
      figures = { metrics: m, integral: integralOf(m, r) };
      break;
    }
  }
  const mastered = words
    .filter((w) => w.average >= goodScore && w.misses === 0)
    .sort((a, b) => b.count - a.count || b.average - a.average || a.word.localeCompare(b.word))
    .slice(0, reportLimits.words);
  const missed = words
    .filter((w) => w.misses > 0)
    .sort((a, b) => b.misses - a.misses || a.word.localeCompare(b.word))
    .slice(0, reportLimits.words);
  return { weeks, best, mastered, missed, homework, comment, classes, figures };
}
export type StudentReportData = Awaited<ReturnType<typeof studentReport>>;

export async function classReport(db: DbOrTx, teacherId: number, classId: number, period: RankingPeriodRange) {
  const r = period.current;
  const metrics = await classMetrics(db, teacherId, classId, r);
  const studentIds = metrics.map((m) => m.studentId);
  const [weeks, words, halves] = await Promise.all([
    repo.weeklyActive(db, teacherId, studentIds, r),
    repo.wordStats(db, teacherId, studentIds, r),
    repo.halves(db, teacherId, studentIds, r),
  ]);
  const active = metrics.filter((m) => m.submissions > 0);
  const distribution = reportScoreBands.map((b) => ({
    key: b.key,
    label: b.label,
    count: active.filter((m) => (m.averageBest ?? 0) >= b.min && (m.averageBest ?? 0) < b.max).length,
  }));
  const hardest = words
    .filter((w) => w.misses > 0)
    .sort((a, b) => b.missedBy - a.missedBy || b.misses - a.misses || a.word.localeCompare(b.word))
    .slice(0, reportLimits.words);
  const byId = new Map(metrics.map((m) => [m.studentId, m]));
  const improved = halves
    .map((h) => ({ ...h, delta: Math.round((h.last - h.first) * 10) / 10, m: byId.get(h.studentId)! }))
    .filter((h) => h.delta > 0 && h.m)
    .sort((a, b) => b.delta - a.delta)
    .slice(0, reportLimits.mostImproved);
  return {
    metrics: metrics.map((m) => ({ m, points: integralOf(m, r).points })),
    weeks,
    active: active.length,
    distribution,
    hardest,
    improved,
  };
}
export type ClassReportData = Awaited<ReturnType<typeof classReport>>;
