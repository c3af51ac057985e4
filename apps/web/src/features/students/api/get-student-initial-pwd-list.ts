import { getStudentInitialPwdList } from '@ondoku/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const initialPwdListQueryOptions = (teamId: number, studentIds?: string[]) =>
  queryOptions({
    queryKey: ['students', 'login-cards', teamId, studentIds ?? []],
    queryFn: () => api.call(getStudentInitialPwdList, { team_id: teamId, student_ids: studentIds }),
    staleTime: 0,
  });

export const useInitialPwdList = (teamId: number, studentIds?: string[]) =>
  useQuery(initialPwdListQueryOptions(teamId, studentIds));
