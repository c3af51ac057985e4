import {
  integralRules,
  rankingLimits,
  type RankingKind,
  type RankingPeriodRef,
  type RankingSettings,
} from '@ondoku/contract';
import { presentPage } from '../../lib/present.js';
import type { SettingsRecord } from './repository.js';
import type { RankedStudent, studentView } from './service.js';

/** Replies of the rankings (docs/rankings.md): every field named. */
const classRefOf = (c: { id: number; name: string }) => ({ team_id: c.id, name: c.name });

export const presentRankingRow = (r: RankedStudent) => ({
  rank: r.rank,
  student_id: r.loginId,
  name: r.name,
  number: r.number,
  value: r.value,
  change: r.change,
});

export const presentRankingPage = <K extends RankingKind>(
  kind: K,
  cls: { id: number; name: string },
  period: RankingPeriodRef,
  rows: RankedStudent[],
  q: { page: number; limit: number },
) => ({
  ...presentPage(rows.slice((q.page - 1) * q.limit, q.page * q.limit).map(presentRankingRow), rows.length, q),
  team: classRefOf(cls),
  kind,
  period,
});

export const presentRules = () => integralRules.map((r) => ({ key: r.key, label: r.label, points: r.points }));
export const presentRuleList = () => ({ rows: presentRules() });

export const presentSettings = (classId: number, s: SettingsRecord | null): RankingSettings => ({
  team_id: classId,
  visibility: s?.visibility ?? 'none',
  top_n: s?.topN ?? rankingLimits.topNDefault,
  hide_names: s?.hideNames === false ? 0 : 1,
});

export const presentExport = (
  period: RankingPeriodRef,
  classes: { cls: { id: number; name: string }; rows: RankedStudent[] }[],
) => ({
  period,
  rules: presentRules(),
  classes: classes.map(({ cls, rows }) => ({ team: classRefOf(cls), rows: rows.map(presentRankingRow) })),
});

export const presentStudentRanking = (
  own: { id: number; name: string }[],
  chosen: { id: number } | null,
  kind: RankingKind,
  period: RankingPeriodRef | null,
  view: ReturnType<typeof studentView> | null,
) => ({
  teams: own.map(classRefOf),
  team_id: chosen?.id ?? null,
  visibility: view?.visibility ?? 'none',
  kind,
  period,
  rows: view?.rows ?? [],
  me: view?.me ?? null,
  rules: presentRules(),
});
