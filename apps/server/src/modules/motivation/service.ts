import { achievementLabels, type AchievementFilter, type AchievementKey } from '@ondoku/contract';
import type { DbOrTx } from '../../db/client.js';
import { classMetrics, integralOf, type RankingPeriodRange } from '../rankings/index.js';
import { lastEncouraged } from './repository.js';

/**
 * What each child of a class achieved in a period (docs/rankings.md, "Achievements"): the figures
 * and integral points the rankings count, and the teacher's last encouragement in the period.
 */
export interface AchievementRecord {
  loginId: string;
  name: string;
  number: string | null;
  achievements: { key: AchievementKey; label: string; value: number }[];
  lastEncouragedAt: Date | null;
}

export async function classAchievements(
  db: DbOrTx,
  teacherId: number,
  classId: number,
  period: RankingPeriodRange,
  filter: AchievementFilter,
): Promise<AchievementRecord[]> {
  const metrics = await classMetrics(db, teacherId, classId, period.current);
  const last = await lastEncouraged(
    db,
    teacherId,
    metrics.map((m) => m.studentId),
    period.current.from,
    period.current.to,
  );
  const item = (key: AchievementKey, value: number) => ({ key, label: achievementLabels[key], value });
  return metrics
    .filter((m) =>
      filter === 'active'
        ? m.submissions > 0
        : filter === 'inactive'
          ? m.submissions === 0
          : filter === 'not_encouraged'
            ? !last.has(m.studentId)
            : true,
    )
    .map((m) => {
      const b = integralOf(m, period.current);
      return {
        loginId: m.loginId,
        name: m.name,
        number: m.number,
        achievements: [
          item('submissions', b.submissions),
          item('good_scores', b.goodScores),
          item('homework_done', b.homeworkDone),
          item('streak_days', b.longestStreak),
          item('points', b.points),
        ],
        lastEncouragedAt: last.get(m.studentId) ?? null,
      };
    });
}
