import { motivationStamps, type RankingPeriodRef } from '@ondoku/contract';
import { presentCount, presentPage } from '../../lib/present.js';
import type { AchievementRecord } from './service.js';

/** Replies of achievements and encouragement (docs/rankings.md): every field named. */
export const presentAchievementPage = (
  rows: AchievementRecord[],
  period: RankingPeriodRef,
  q: { page: number; limit: number },
) => ({
  ...presentPage(
    rows.slice((q.page - 1) * q.limit, q.page * q.limit).map((r) => ({
      student_id: r.loginId,
      name: r.name,
      number: r.number,
      achievements: r.achievements,
      last_encouraged_at: r.lastEncouragedAt?.toISOString() ?? null,
    })),
    rows.length,
    q,
  ),
  period,
});

export const presentSent = (count: number) => presentCount(count);

export const presentStamps = () => ({
  rows: motivationStamps.map((s) => ({ motivation_id: s.motivation_id, name: s.name, color: s.color })),
});
