import { rankingLimits, type RankingKind } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { integralOf } from './integral.js';
import { classMembers, metricsOf, type StudentMetrics } from './metrics.js';
import type { Range, RankingPeriodRange } from './period.js';
import type { SettingsRecord } from './repository.js';

/**
 * Ranking a class (docs/rankings.md): each child's value in the period and in the one before,
 * ranks with ties sharing a place (1, 2, 2, 4: one more than the number of children above), and
 * the places moved since then. Every child of the class is ranked, those with nothing at the end.
 */
export interface RankedStudent {
  studentId: number;
  loginId: string;
  name: string;
  number: string | null;
  value: number;
  rank: number;
  change: number | null;
}

export function valueOf(kind: RankingKind, m: StudentMetrics, range: Range): number {
  switch (kind) {
    case 'exercise_count':
      return m.submissions;
    case 'exercise_score':
      return m.averageBest ?? 0;
    case 'record_duration':
      return Math.round(m.durationMs / 1000);
    case 'integral':
      return integralOf(m, range).points;
  }
}

/** Ranks of values: one more than how many are higher. */
export function ranksOf(values: number[]): number[] {
  const sorted = [...values].sort((a, b) => b - a);
  return values.map((v) => 1 + sorted.findIndex((s) => s === v));
}

export async function rankClass(
  db: DbOrTx,
  teacherId: number,
  classId: number,
  kind: RankingKind,
  period: RankingPeriodRange,
): Promise<RankedStudent[]> {
  const members = await classMembers(db, teacherId, classId);
  const [current, previous] = await Promise.all([
    metricsOf(db, teacherId, members, period.current),
    metricsOf(db, teacherId, members, period.previous),
  ]);
  const values = current.map((m) => valueOf(kind, m, period.current));
  const before = new Map(previous.map((m) => [m.studentId, valueOf(kind, m, period.previous)]));
  const beforeValues = current.map((m) => before.get(m.studentId) ?? 0);
  const ranks = ranksOf(values);
  const beforeRanks = ranksOf(beforeValues);
  const rows = current.map((m, i): RankedStudent => ({
    studentId: m.studentId,
    loginId: m.loginId,
    name: m.name,
    number: m.number,
    value: values[i]!,
    rank: ranks[i]!,
    change: beforeValues[i]! > 0 ? beforeRanks[i]! - ranks[i]! : null,
  }));
  // Stable: equal values keep the class's attendance order.
  return rows.sort((a, b) => a.rank - b.rank);
}

/** What a child of the class may see, by the teacher's choices (none: nothing). */
export function studentView(rows: RankedStudent[], settings: SettingsRecord | null, studentId: number) {
  const visibility = settings?.visibility ?? 'none';
  const me = rows.find((r) => r.studentId === studentId) ?? null;
  if (visibility === 'none') return { visibility, rows: [], me: null };
  const topN = settings?.topN ?? rankingLimits.topNDefault;
  // Children with nothing in the period are not shown to their classmates.
  const shown = rows.filter((r) => r.value > 0 && (visibility === 'all' || r.rank <= topN));
  if (me && !shown.includes(me)) shown.push(me);
  return {
    visibility,
    rows: shown.map((r) => ({
      rank: r.rank,
      name: r.studentId === studentId || !settings?.hideNames ? r.name : null,
      value: r.value,
      me: r.studentId === studentId,
    })),
    me: me && { rank: me.rank, value: me.value },
  };
}
