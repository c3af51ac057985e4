import { getClassReport, getStudentReport, type CallInput } from '@ondoku/contract';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';

/** The term reports' calls (docs/rankings.md, "Reports"). */
export const studentReportQueryOptions = (params: CallInput<typeof getStudentReport> | null) =>
  queryOptions({
    queryKey: queryKeys.reports.student(params ?? { student_id: '' }),
    queryFn: params === null ? skipToken : () => api.call(getStudentReport, params),
    placeholderData: keepPreviousData,
  });
export const useStudentReport = (params: CallInput<typeof getStudentReport> | null) =>
  useQuery(studentReportQueryOptions(params));

export const classReportQueryOptions = (params: CallInput<typeof getClassReport> | null) =>
  queryOptions({
    queryKey: queryKeys.reports.class(params ?? { team_id: 0 }),
    queryFn: params === null ? skipToken : () => api.call(getClassReport, params),
    placeholderData: keepPreviousData,
  });
export const useClassReport = (params: CallInput<typeof getClassReport> | null) =>
  useQuery(classReportQueryOptions(params));
