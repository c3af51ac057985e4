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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';
import { saveFile } from '../../../lib/save-file';

/** The self-practice calls of the Study survey group, one declaration each (docs/self-practice.md). */
export const useSelfPracticeFilters = () =>
  useQuery({
    queryKey: queryKeys.selfPractice.filters(),
    queryFn: () => api.call(getExerciseSearchFilter, {}),
  });

export const useCurrentMonthSummary = (teamId: number | undefined) =>
  useQuery({
    queryKey: queryKeys.selfPractice.month(teamId),
    queryFn: () => api.call(getCurrentMonthSummary, teamId === undefined ? {} : { team_id: teamId }),
    placeholderData: keepPreviousData,
  });

export const useExerciseSummary = (params: CallInput<typeof getExerciseSummary>, enabled = true) =>
  useQuery({
    queryKey: queryKeys.selfPractice.summary(params),
    queryFn: () => api.call(getExerciseSummary, params),
    placeholderData: keepPreviousData,
    enabled,
  });

export const useResourceDetails = (params: CallInput<typeof getResourceExerciseDetails> | null) =>
  useQuery({
    queryKey: queryKeys.selfPractice.resource(params ?? { resource_id: 0 }),
    queryFn: () => api.call(getResourceExerciseDetails, params!),
    enabled: params !== null,
  });

export const useResourceLogs = (params: CallInput<typeof getResourceExerciseLogs> | null) =>
  useQuery({
    queryKey: queryKeys.selfPractice.logs(params ?? { resource_id: 0 }),
    queryFn: () => api.call(getResourceExerciseLogs, params!),
    enabled: params !== null,
    placeholderData: keepPreviousData,
  });

export const useNewHomeworkSummary = () =>
  useQuery({
    queryKey: queryKeys.selfPractice.newHomeworkSummary(),
    queryFn: () => api.call(getNewHomeworkSummary, {}),
  });

export const useNewHomeworkList = (params: CallInput<typeof getNewHomeworkList>) =>
  useQuery({
    queryKey: queryKeys.selfPractice.newHomework(params),
    queryFn: () => api.call(getNewHomeworkList, params),
    placeholderData: keepPreviousData,
  });

/** This month's summary as xlsx, saved under the server's Japanese file name. */
export async function saveMonthSummary(teamId: number | undefined) {
  const { blob, filename } = await api.download(
    exportCurrentMonthSummary,
    teamId === undefined ? {} : { team_id: teamId },
  );
  saveFile(blob, filename ?? '自主学習.xlsx');
}
