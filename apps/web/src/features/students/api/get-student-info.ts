import { getStudentInfo } from '@ondoku/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const studentInfoQueryOptions = (studentId: string) =>
  queryOptions({
    queryKey: ['students', 'info', studentId],
    queryFn: () => api.call(getStudentInfo, { student_id: studentId }),
  });

export const useStudentInfo = (studentId: string) => useQuery(studentInfoQueryOptions(studentId));
