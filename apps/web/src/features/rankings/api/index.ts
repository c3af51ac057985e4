import {
  encourageStudents,
  exportIntegralRanking,
  getIntegralRankingExport,
  getMotivationList,
  getRankingSettings,
  getStudentAchievementPageList,
  rankingCallOf,
  saveRankingSettings,
  type CallInput,
  type RankingKind,
} from '@ondoku/contract';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';
import { useCallMutation } from '../../../lib/queries/mutation';

/** The rankings' calls, one declaration each (docs/rankings.md). */
export type RankingParams = CallInput<(typeof rankingCallOf)['integral']>;

export const rankingQueryOptions = (kind: RankingKind, params: RankingParams | null) =>
  queryOptions({
    queryKey: queryKeys.rankings.page(kind, params ?? { team_id: 0 }),
    queryFn: params === null ? skipToken : () => api.call(rankingCallOf[kind], params),
    placeholderData: keepPreviousData,
  });
export const useRanking = (kind: RankingKind, params: RankingParams | null) =>
  useQuery(rankingQueryOptions(kind, params));

export const rankingSettingsQueryOptions = (classId: number | null) =>
  queryOptions({
    queryKey: queryKeys.rankings.settings(classId ?? 0),
    queryFn: classId === null ? skipToken : () => api.call(getRankingSettings, { team_id: classId }),
  });
export const useRankingSettings = (classId: number | null) => useQuery(rankingSettingsQueryOptions(classId));

export const useSaveRankingSettings = () =>
  useCallMutation(saveRankingSettings, {
    writes: (data) => [{ queryKey: queryKeys.rankings.settings(data.team_id), data }],
  });

export const integralExportQueryOptions = (params: CallInput<typeof getIntegralRankingExport> | null) =>
  queryOptions({
    queryKey: queryKeys.rankings.export(params ?? {}),
    queryFn: params === null ? skipToken : () => api.call(getIntegralRankingExport, params),
  });
export const useIntegralExport = (params: CallInput<typeof getIntegralRankingExport> | null) =>
  useQuery(integralExportQueryOptions(params));

export const achievementsQueryOptions = (params: CallInput<typeof getStudentAchievementPageList> | null) =>
  queryOptions({
    queryKey: queryKeys.rankings.achievements(params ?? { team_id: 0 }),
    queryFn: params === null ? skipToken : () => api.call(getStudentAchievementPageList, params),
    placeholderData: keepPreviousData,
  });
export const useAchievements = (params: CallInput<typeof getStudentAchievementPageList> | null) =>
  useQuery(achievementsQueryOptions(params));

export const stampsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.rankings.stamps(), queryFn: () => api.call(getMotivationList, {}) });
export const useStamps = () => useQuery(stampsQueryOptions());

/** Sending changes the achievements' "last encouraged" (the rankings themselves do not move). */
export const useEncourage = () =>
  useCallMutation(encourageStudents, {
    invalidates: () => [queryKeys.rankings.achievementsAll],
  });

export const useExportIntegralRanking = () =>
  useCallMutation(exportIntegralRanking, { invalidates: () => [queryKeys.downloads.all] });
