import {
  exportCurrentMonthSummary,
  getCurrentMonthSummary,
  getExerciseSearchFilter,
  getExerciseSummary,
  getNewHomeworkList,
  getNewHomeworkSummary,
  getResourceExerciseDetails,
  getResourceExerciseLogs,
  type CallInput,
} from '@ondoku/contract';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';
import { saveFile } from '../../../lib/save-file';

/** The self-practice calls of the Study survey group, one declaration each (docs/self-practice.md). */
export const selfPracticeFiltersQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.selfPractice.filters(),
    queryFn: () => api.call(getExerciseSearchFilter, {}),
  });
export const useSelfPracticeFilters = () => useQuery(selfPracticeFiltersQueryOptions());

export const currentMonthSummaryQueryOptions = (classId: number | undefined) =>
  queryOptions({
    queryKey: queryKeys.selfPractice.month(classId),
    queryFn: () => api.call(getCurrentMonthSummary, classId === undefined ? {} : { team_id: classId }),
    placeholderData: keepPreviousData,
  });
export const useCurrentMonthSummary = (classId: number | undefined) =>
  useQuery(currentMonthSummaryQueryOptions(classId));

/** The most practised material; `null` until the periods to choose from are known (nothing to fetch). */
export const exerciseSummaryQueryOptions = (params: CallInput<typeof getExerciseSummary> | null) =>
  queryOptions({
    queryKey: queryKeys.selfPractice.summary(params ?? {}),
    queryFn: params === null ? skipToken : () => api.call(getExerciseSummary, params),
    placeholderData: keepPreviousData,
  });
export const useExerciseSummary = (params: CallInput<typeof getExerciseSummary> | null) =>
  useQuery(exerciseSummaryQueryOptions(params));

export const resourceDetailsQueryOptions = (params: CallInput<typeof getResourceExerciseDetails> | null) =>
  queryOptions({
    queryKey: queryKeys.selfPractice.resource(params ?? { resource_id: 0 }),
    queryFn: params === null ? skipToken : () => api.call(getResourceExerciseDetails, params),
  });
export const useResourceDetails = (params: CallInput<typeof getResourceExerciseDetails> | null) =>
  useQuery(resourceDetailsQueryOptions(params));

export const resourceLogsQueryOptions = (params: CallInput<typeof getResourceExerciseLogs> | null) =>
  queryOptions({
    queryKey: queryKeys.selfPractice.logs(params ?? { resource_id: 0 }),
    queryFn: params === null ? skipToken : () => api.call(getResourceExerciseLogs, params),
    placeholderData: keepPreviousData,
  });
export const useResourceLogs = (params: CallInput<typeof getResourceExerciseLogs> | null) =>
  useQuery(resourceLogsQueryOptions(params));

export const newHomeworkSummaryQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.selfPractice.newHomeworkSummary(),
    queryFn: () => api.call(getNewHomeworkSummary, {}),
  });
export const useNewHomeworkSummary = () => useQuery(newHomeworkSummaryQueryOptions());

export const newHomeworkListQueryOptions = (params: CallInput<typeof getNewHomeworkList>) =>
  queryOptions({
    queryKey: queryKeys.selfPractice.newHomework(params),
    queryFn: () => api.call(getNewHomeworkList, params),
    placeholderData: keepPreviousData,
  });
export const useNewHomeworkList = (params: CallInput<typeof getNewHomeworkList>) =>
  useQuery(newHomeworkListQueryOptions(params));

/** This month's summary as xlsx, saved under the server's Japanese file name. */
export async function saveMonthSummary(classId: number | undefined) {
  const { blob, filename } = await api.download(
    exportCurrentMonthSummary,
    classId === undefined ? {} : { team_id: classId },
  );
  saveFile(blob, filename ?? '自主学習.xlsx');
}
