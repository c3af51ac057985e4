import { getMyHomeworkPageList, type CallInput } from '@ondoku/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';

/** The homework feature's calls, one declaration each. */
export type HomeworkPageParams = CallInput<typeof getMyHomeworkPageList>;

export const homeworkPageListQueryOptions = (params: HomeworkPageParams) =>
  queryOptions({
    queryKey: queryKeys.homework.page(params),
    queryFn: () => api.call(getMyHomeworkPageList, params),
    placeholderData: keepPreviousData,
  });

export const useHomeworkPageList = (params: HomeworkPageParams) => useQuery(homeworkPageListQueryOptions(params));
