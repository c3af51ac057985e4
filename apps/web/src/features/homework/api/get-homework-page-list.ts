import { getMyHomeworkPageList, type CallInput } from '@ondoku/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type HomeworkPageParams = CallInput<typeof getMyHomeworkPageList>;

export const homeworkPageListQueryOptions = (params: HomeworkPageParams) =>
  queryOptions({
    queryKey: ['homework', 'page-list', params],
    queryFn: () => api.call(getMyHomeworkPageList, params),
    placeholderData: keepPreviousData,
  });

export const useHomeworkPageList = (params: HomeworkPageParams) => useQuery(homeworkPageListQueryOptions(params));
