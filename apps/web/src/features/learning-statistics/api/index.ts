import {
  downloadTaskFile,
  exportLearningStatistics,
  getDownloadTaskPageList,
  getProgressGraph,
  getSoundInsights,
  getUsageAmount,
  getWordProgress,
  type CallInput,
} from '@ondoku/contract';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';
import { useCallMutation } from '../../../lib/queries/mutation';
import { saveFile } from '../../../lib/save-file';

/**
 * The learning statistics calls, one declaration each (docs/learning-statistics.md). Each reads
 * one class; `null` until a class is chosen (nothing to fetch). The previous reply stays on
 * screen while a new period loads.
 */
export const progressGraphQueryOptions = (params: CallInput<typeof getProgressGraph> | null) =>
  queryOptions({
    queryKey: queryKeys.learningStatistics.progress(params ?? { team_id: 0 }),
    queryFn: params === null ? skipToken : () => api.call(getProgressGraph, params),
    placeholderData: keepPreviousData,
  });
export const useProgressGraph = (params: CallInput<typeof getProgressGraph> | null) =>
  useQuery(progressGraphQueryOptions(params));

export const usageAmountQueryOptions = (params: CallInput<typeof getUsageAmount> | null) =>
  queryOptions({
    queryKey: queryKeys.learningStatistics.usage(params ?? { team_id: 0 }),
    queryFn: params === null ? skipToken : () => api.call(getUsageAmount, params),
    placeholderData: keepPreviousData,
  });
export const useUsageAmount = (params: CallInput<typeof getUsageAmount> | null) =>
  useQuery(usageAmountQueryOptions(params));

export const wordProgressQueryOptions = (params: CallInput<typeof getWordProgress> | null) =>
  queryOptions({
    queryKey: queryKeys.learningStatistics.words(params ?? { team_id: 0 }),
    queryFn: params === null ? skipToken : () => api.call(getWordProgress, params),
    placeholderData: keepPreviousData,
  });
export const useWordProgress = (params: CallInput<typeof getWordProgress> | null) =>
  useQuery(wordProgressQueryOptions(params));

export const soundInsightsQueryOptions = (params: CallInput<typeof getSoundInsights> | null) =>
  queryOptions({
    queryKey: queryKeys.learningStatistics.sounds(params ?? { team_id: 0 }),
    queryFn: params === null ? skipToken : () => api.call(getSoundInsights, params),
    placeholderData: keepPreviousData,
  });
export const useSoundInsights = (params: CallInput<typeof getSoundInsights> | null) =>
  useQuery(soundInsightsQueryOptions(params));

/** The screen's tables as an xlsx download task (the download list shows it too). */
export const useExportStatistics = () =>
  useCallMutation(exportLearningStatistics, { invalidates: () => [queryKeys.downloads.all] });

/** The state of one download task, polled every 2 s while it is being made. */
export const statisticsTaskQueryOptions = (taskId: number | null) =>
  queryOptions({
    queryKey: queryKeys.downloads.task(taskId),
    queryFn:
      taskId === null
        ? skipToken
        : async () =>
            (await api.call(getDownloadTaskPageList, { page: 1, limit: 20 })).rows.find((r) => r.task_id === taskId) ??
            null,
    refetchInterval: (q) => (q.state.data?.status === 'processing' || q.state.data === undefined ? 2_000 : false),
  });
export const useStatisticsTask = (taskId: number | null) => useQuery(statisticsTaskQueryOptions(taskId));

/** The file of a finished task, saved under the server's Japanese file name. */
export async function saveStatisticsFile(taskId: number, fallbackName: string) {
  const { blob, filename } = await api.download(downloadTaskFile, { task_id: taskId });
  saveFile(blob, filename ?? fallbackName);
}
