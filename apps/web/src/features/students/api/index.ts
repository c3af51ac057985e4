import {
  batchChangeGradeName,
  batchChangeKumi,
  batchDeletion,
  batchDeletionConfirm,
  changeStudentInfo,
  changeStudentPasswordSafe,
  getStudentInfo,
  getStudentInitialPwdList,
  getStudentPageRows,
  leaveClass,
  resetStudentsInfo,
  searchStudent,
  studentBatchLeave,
  commitRollover,
  getGraduatePageRows,
  getRolloverRows,
  getStudentsLoginCards,
  getUnassignedStudentPageRows,
  previewRollover,
  studentBatchAdd,
  studentBatchDelete,
  studentBatchMove,
  type CallInput,
} from '@ondoku/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useCallMutation } from '../../../lib/queries';
import { encryptForServer } from '../../../lib/server-key';

/**
 * The students feature's JSON calls, one declaration each. Files have their own modules
 * (export-students.ts: downloads; import-students.ts: uploads with progress). The class list
 * for filters is shared (lib/queries: useClassList).
 */

// ── Reads ──────────────────────────────────────────────────────────────────────────────────

export type StudentPageParams = CallInput<typeof getStudentPageRows>;

export const studentPageRowsQueryOptions = (params: StudentPageParams) =>
  queryOptions({
    queryKey: queryKeys.students.page(params),
    queryFn: () => api.call(getStudentPageRows, params),
    placeholderData: keepPreviousData,
  });
export const useStudentPageRows = (params: StudentPageParams) => useQuery(studentPageRowsQueryOptions(params));

export const studentInfoQueryOptions = (loginId: string) =>
  queryOptions({
    queryKey: queryKeys.students.info(loginId),
    queryFn: () => api.call(getStudentInfo, { student_id: loginId }),
  });
export const useStudentInfo = (loginId: string) => useQuery(studentInfoQueryOptions(loginId));

export const initialPwdListQueryOptions = (classId: number, loginIds?: string[]) =>
  queryOptions({
    queryKey: queryKeys.students.loginCards(classId, loginIds ?? []),
    queryFn: () => api.call(getStudentInitialPwdList, { team_id: classId, student_ids: loginIds }),
    staleTime: 0,
  });
export const useInitialPwdList = (classId: number, loginIds?: string[]) =>
  useQuery(initialPwdListQueryOptions(classId, loginIds));

export const searchStudentQueryOptions = (kw: string) =>
  queryOptions({
    queryKey: queryKeys.students.search(kw),
    queryFn: () => api.call(searchStudent, { kw }),
    enabled: kw.length > 0,
    placeholderData: keepPreviousData,
  });
export const useSearchStudent = (kw: string) => useQuery(searchStudentQueryOptions(kw));

/** Asked right before the confirmation modal, so the count it states is current. */
export const fetchBatchDeletionConfirm = (classId: number) => api.call(batchDeletionConfirm, { team_id: classId });

// ── Changes ────────────────────────────────────────────────────────────────────────────────

/** Students change, and with them class sizes: student lists and the class list are refetched. */
const studentChange = { invalidates: () => [queryKeys.students.all, queryKeys.classes.all] };

export const useChangeStudentInfo = () => useCallMutation(changeStudentInfo, studentChange);
export const useLeaveClass = () => useCallMutation(leaveClass, studentChange);
export const useStudentBatchLeave = () => useCallMutation(studentBatchLeave, studentChange);
export const useBatchChangeGradeName = () => useCallMutation(batchChangeGradeName, studentChange);
export const useBatchChangeKumi = () => useCallMutation(batchChangeKumi, studentChange);
export const useResetStudentsInfo = () => useCallMutation(resetStudentsInfo, studentChange);
export const useBatchDeletion = () => useCallMutation(batchDeletion, studentChange);

/** A student's password travels RSA-OAEP encrypted with the server's key, like the teacher's own. */
export const useChangeStudentPasswordSafe = () =>
  useCallMutation(changeStudentPasswordSafe, {
    prepare: async (v: { student_id: string; password: string }, queryClient) => ({
      student_id: v.student_id,
      password: await encryptForServer(queryClient, v.password),
    }),
    invalidates: () => [queryKeys.students.all],
  });

// ── Moving and adding, クラス未所属, graduates, the roll-over (docs/classes.md) ───────────────────────

export const useStudentBatchAdd = () => useCallMutation(studentBatchAdd, studentChange);
export const useStudentBatchMove = () => useCallMutation(studentBatchMove, studentChange);
export const useStudentBatchDelete = () => useCallMutation(studentBatchDelete, studentChange);

export type UnassignedPageParams = CallInput<typeof getUnassignedStudentPageRows>;
export const unassignedPageQueryOptions = (params: UnassignedPageParams) =>
  queryOptions({
    queryKey: queryKeys.students.unassigned(params),
    queryFn: () => api.call(getUnassignedStudentPageRows, params),
    placeholderData: keepPreviousData,
  });
export const useUnassignedPage = (params: UnassignedPageParams) => useQuery(unassignedPageQueryOptions(params));

export type GraduatePageParams = CallInput<typeof getGraduatePageRows>;
export const graduatePageQueryOptions = (params: GraduatePageParams) =>
  queryOptions({
    queryKey: queryKeys.students.graduates(params),
    queryFn: () => api.call(getGraduatePageRows, params),
    placeholderData: keepPreviousData,
  });
export const useGraduatePage = (params: GraduatePageParams) => useQuery(graduatePageQueryOptions(params));

/** Login cards of students listed by id (クラス未所属 included): always fresh, passwords change. */
export const cardsOfQueryOptions = (loginIds: string[]) =>
  queryOptions({
    queryKey: queryKeys.students.cardsOf(loginIds),
    queryFn: () => api.call(getStudentsLoginCards, { student_ids: loginIds }),
    enabled: loginIds.length > 0,
    staleTime: 0,
  });
export const useCardsOf = (loginIds: string[]) => useQuery(cardsOfQueryOptions(loginIds));

/** The teacher's committed roll-overs, newest first (each report downloadable as xlsx). */
export const rolloverRowsQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.students.rollovers, queryFn: () => api.call(getRolloverRows, {}) });
export const useRolloverRows = () => useQuery(rolloverRowsQueryOptions());

/** The roll-over preview writes nothing: it changes no key. */
export const usePreviewRollover = () => useCallMutation(previewRollover, { invalidates: () => [] });
export const useCommitRollover = () => useCallMutation(commitRollover, studentChange);
