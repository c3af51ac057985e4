import type { getMyHomeworkPageList } from '@ondoku/contract';
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
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useCallMutation } from '../../../lib/queries';
import { fetchHomeworkPage, takePreloaded } from './preload';

/** The homework feature's calls, one declaration each. */
export type HomeworkPageParams = CallInput<typeof getMyHomeworkPageList>;
export type PlanListParams = CallInput<typeof getPeriodicPlanList>;
export type ReissueListParams = CallInput<typeof getReissueList>;

export const homeworkPageListQueryOptions = (params: HomeworkPageParams) =>
  queryOptions({
    queryKey: queryKeys.homework.page(params),
    queryFn: () => takePreloaded(params) ?? fetchHomeworkPage(params),
    placeholderData: keepPreviousData,
  });

export const useHomeworkPageList = (params: HomeworkPageParams) => useQuery(homeworkPageListQueryOptions(params));

export const homeworkDetailQueryOptions = (homeworkId: number | null) =>
  queryOptions({
    queryKey: queryKeys.homework.detail(homeworkId ?? 0),
    queryFn: homeworkId === null ? skipToken : () => api.call(getHomeworkDetail, { homework_id: homeworkId }),
  });
export const useHomeworkDetail = (homeworkId: number | null) => useQuery(homeworkDetailQueryOptions(homeworkId));

/** Who can receive homework: the visible classes with their student counts. */
export const homeworkClassRowsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.homework.classRows(), queryFn: () => api.call(getHomeworkClassRows, {}) });
export const useHomeworkClassRows = () => useQuery(homeworkClassRowsQueryOptions());

export const studentsOfClassQueryOptions = (classId: number | null) =>
  queryOptions({
    queryKey: queryKeys.homework.studentsOfClass(classId ?? 0),
    queryFn: classId === null ? skipToken : () => api.call(getStudentListByClass, { team_id: classId }),
  });
export const useStudentsOfClass = (classId: number | null) => useQuery(studentsOfClassQueryOptions(classId));

/** Recommended names of a periodic plan; `null` while the plan is not periodic (nothing to fetch). */
export const recommendNamesQueryOptions = (params: CallInput<typeof getRegularRecommendNames> | null) =>
  queryOptions({
    queryKey: queryKeys.homework.recommendNames(params ?? {}),
    queryFn: params === null ? skipToken : () => api.call(getRegularRecommendNames, params),
  });
export const useRecommendNames = (params: CallInput<typeof getRegularRecommendNames> | null) =>
  useQuery(recommendNamesQueryOptions(params));

/**
 * Word books for word tests. The library feature declares the same reads for its own screens;
 * features do not import each other, so these share its query keys (one cache entry).
 */
export const wordBooksQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.library.wordBooks({}),
    queryFn: () => api.call(getWordBookList, {}),
    staleTime: 5 * 60_000,
  });
export const useWordBooks = () => useQuery(wordBooksQueryOptions());

export const wordBookPartsOfQueryOptions = (code: string | null) =>
  queryOptions({
    queryKey: queryKeys.library.wordBookParts(code ?? ''),
    queryFn: !code ? skipToken : () => api.call(getWordBookParts, { code }),
    staleTime: 5 * 60_000,
  });
export const useWordBookPartsOf = (code: string | null) => useQuery(wordBookPartsOfQueryOptions(code));

/** The wizard's times against the server clock, quietly: the wizard shows the message on its field. */
export const checkTimesOnServer = (input: CallInput<typeof checkDefineTimes>) =>
  api.quiet.call(checkDefineTimes, input);

export const usePublishHomework = () =>
  useCallMutation(publishHomework, { invalidates: () => [queryKeys.homework.all] });

export const useChangeHomework = () => useCallMutation(changeHomework, { invalidates: () => [queryKeys.homework.all] });

export const useDeleteHomework = () => useCallMutation(deleteHomework, { invalidates: () => [queryKeys.homework.all] });

export const useDelayHomework = () => useCallMutation(delayHomework, { invalidates: () => [queryKeys.homework.all] });

/* Periodic plans */

export const planListQueryOptions = (params: PlanListParams) =>
  queryOptions({
    queryKey: queryKeys.homework.plans(params),
    queryFn: () => api.call(getPeriodicPlanList, params),
    placeholderData: keepPreviousData,
  });
export const usePlanList = (params: PlanListParams) => useQuery(planListQueryOptions(params));

export const planDetailQueryOptions = (planId: number | null) =>
  queryOptions({
    queryKey: queryKeys.homework.plan(planId ?? 0),
    queryFn: planId === null ? skipToken : () => api.call(getPeriodicPlanDetail, { plan_id: planId }),
  });
export const usePlanDetail = (planId: number | null) => useQuery(planDetailQueryOptions(planId));

export const useEditPlan = () => useCallMutation(editPeriodicPlan, { invalidates: () => [queryKeys.homework.all] });
export const useDelayPlan = () => useCallMutation(delayPeriodicPlan, { invalidates: () => [queryKeys.homework.all] });
/**
 * Deleting a plan changes the lists, not the homework already given; the deleted plan's own detail
 * is left alone (asking for it again would answer データが見つかりませんでした。 beside the success).
 */
export const useDeletePlan = () =>
  useCallMutation(deletePeriodicPlan, { invalidates: () => [queryKeys.homework.planLists, queryKeys.homework.pages] });

/* Reissues */

export const reissueListQueryOptions = (params: ReissueListParams) =>
  queryOptions({
    queryKey: queryKeys.homework.reissues(params),
    queryFn: () => api.call(getReissueList, params),
    placeholderData: keepPreviousData,
  });
export const useReissueList = (params: ReissueListParams) => useQuery(reissueListQueryOptions(params));

export const reissueDetailsQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: queryKeys.homework.reissue(id ?? 0),
    queryFn: id === null ? skipToken : () => api.call(getReissueDetails, { id }),
  });
export const useReissueDetails = (id: number | null) => useQuery(reissueDetailsQueryOptions(id));
