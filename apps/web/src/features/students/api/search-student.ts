import { searchStudent } from '@ondoku/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const searchStudentQueryOptions = (kw: string) =>
  queryOptions({
    queryKey: ['students', 'search', kw],
    queryFn: () => api.call(searchStudent, { kw }),
    enabled: kw.length > 0,
    placeholderData: keepPreviousData,
  });

export const useSearchStudent = (kw: string) => useQuery(searchStudentQueryOptions(kw));
