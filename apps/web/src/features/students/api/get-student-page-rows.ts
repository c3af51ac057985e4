import { getStudentPageRows, type CallInput } from '@ondoku/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export type StudentPageParams = CallInput<typeof getStudentPageRows>;

export const studentPageRowsQueryOptions = (params: StudentPageParams) =>
  queryOptions({
    queryKey: ['students', 'page', params],
    queryFn: () => api.call(getStudentPageRows, params),
    placeholderData: keepPreviousData,
  });

export const useStudentPageRows = (params: StudentPageParams) => useQuery(studentPageRowsQueryOptions(params));
