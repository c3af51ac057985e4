import {
  changeHomework,
  checkDefineTimes,
  delayHomework,
  delayPeriodicPlan,
  deleteHomework,
  deletePeriodicPlan,
  editPeriodicPlan,
  getHomeworkClassRows,
  getHomeworkDetail,
  getMyHomeworkPageList,
  getPeriodicPlanDetail,
  getPeriodicPlanList,
  getRegularRecommendNames,
  getReissueDetails,
  getReissueList,
  getStudentListByClass,
  getWordBookList,
  getWordBookParts,
  publishHomework,
  type CallInput,
} from '@ondoku/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useCallMutation } from '../../../lib/queries';

/** The homework feature's calls, one declaration each. */
export type HomeworkPageParams = CallInput<typeof getMyHomeworkPageList>;
export type PlanListParams = CallInput<typeof getPeriodicPlanList>;
export type ReissueListParams = CallInput<typeof getReissueList>;

export const homeworkPageListQueryOptions = (params: HomeworkPageParams) =>
  queryOptions({
    queryKey: queryKeys.homework.page(params),
    queryFn: () => api.call(getMyHomeworkPageList, params),
    placeholderData: keepPreviousData,
  });

export const useHomeworkPageList = (params: HomeworkPageParams) => useQuery(homeworkPageListQueryOptions(params));

export const useHomeworkDetail = (homeworkId: number | null) =>
  useQuery({
    queryKey: queryKeys.homework.detail(homeworkId ?? 0),
    queryFn: () => api.call(getHomeworkDetail, { homework_id: homeworkId! }),
    enabled: homeworkId !== null,
  });

/** Who can receive homework: the visible classes with their student counts. */
export const useHomeworkClassRows = () =>
  useQuery({ queryKey: queryKeys.homework.classRows(), queryFn: () => api.call(getHomeworkClassRows, {}) });

export const useStudentsOfClass = (teamId: number | null) =>
  useQuery({
    queryKey: queryKeys.homework.studentsOfClass(teamId ?? 0),
    queryFn: () => api.call(getStudentListByClass, { team_id: teamId! }),
    enabled: teamId !== null,
  });

export const useRecommendNames = (params: CallInput<typeof getRegularRecommendNames>, enabled = true) =>
  useQuery({
    queryKey: queryKeys.homework.recommendNames(params),
    queryFn: () => api.call(getRegularRecommendNames, params),
    enabled,
  });

/**
 * Word books for word tests. The library feature declares the same reads for its own screens;
 * features do not import each other, so these share its query keys (one cache entry).
 */
export const useWordBooks = () =>
  useQuery({
    queryKey: queryKeys.library.wordBooks({}),
    queryFn: () => api.call(getWordBookList, {}),
    staleTime: 5 * 60_000,
  });

export const useWordBookPartsOf = (code: string | null) =>
  useQuery({
    queryKey: queryKeys.library.wordBookParts(code ?? ''),
    queryFn: () => api.call(getWordBookParts, { code: code! }),
    enabled: !!code,
    staleTime: 5 * 60_000,
  });

/** The wizard's times against the server clock, quietly: the wizard shows the message on its field. */
export const checkTimesOnServer = (input: CallInput<typeof checkDefineTimes>) =>
  api.quiet.call(checkDefineTimes, input);

export const usePublishHomework = () =>
  useCallMutation(publishHomework, { invalidates: () => [queryKeys.homework.all] });

export const useChangeHomework = () => useCallMutation(changeHomework, { invalidates: () => [queryKeys.homework.all] });

export const useDeleteHomework = () => useCallMutation(deleteHomework, { invalidates: () => [queryKeys.homework.all] });

export const useDelayHomework = () => useCallMutation(delayHomework, { invalidates: () => [queryKeys.homework.all] });

/* Periodic plans */

export const usePlanList = (params: PlanListParams) =>
  useQuery({
    queryKey: queryKeys.homework.plans(params),
    queryFn: () => api.call(getPeriodicPlanList, params),
    placeholderData: keepPreviousData,
  });

export const usePlanDetail = (planId: number | null) =>
  useQuery({
    queryKey: queryKeys.homework.plan(planId ?? 0),
    queryFn: () => api.call(getPeriodicPlanDetail, { plan_id: planId! }),
    enabled: planId !== null,
  });

export const useEditPlan = () => useCallMutation(editPeriodicPlan, { invalidates: () => [queryKeys.homework.all] });
export const useDelayPlan = () => useCallMutation(delayPeriodicPlan, { invalidates: () => [queryKeys.homework.all] });
export const useDeletePlan = () => useCallMutation(deletePeriodicPlan, { invalidates: () => [queryKeys.homework.all] });

/* Reissues */

export const useReissueList = (params: ReissueListParams) =>
  useQuery({
    queryKey: queryKeys.homework.reissues(params),
    queryFn: () => api.call(getReissueList, params),
    placeholderData: keepPreviousData,
  });

export const useReissueDetails = (id: number | null) =>
  useQuery({
    queryKey: queryKeys.homework.reissue(id ?? 0),
    queryFn: () => api.call(getReissueDetails, { id: id! }),
    enabled: id !== null,
  });
