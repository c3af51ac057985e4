import { getMyClassRows, getNewNoticeTotal, getStudentBranchRows, getTeacherInfo } from '@ondoku/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../api';
import { sessionStore } from '../session';
import { queryKeys } from './keys';

/**
 * Data many screens read, fetched one way under one key: the teacher's classes (class list,
 * filters, pickers), the class → students tree of pickers, and the teacher's own info.
 */

/** The teacher's classes in their sort order, hidden ones included. */
export const classListQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.classes.list(), queryFn: () => api.call(getMyClassRows, {}) });

export const useClassList = () => useQuery(classListQueryOptions());

/** Class → students tree for pickers; hidden classes only when asked for. */
export const studentBranchRowsQueryOptions = (includeHidden = false) =>
  queryOptions({
    queryKey: queryKeys.classes.studentTree(includeHidden),
    queryFn: () => api.call(getStudentBranchRows, { include_hidden: includeHidden ? 1 : 0 }),
  });

export const useStudentBranchRows = (includeHidden = false) => useQuery(studentBranchRowsQueryOptions(includeHidden));

/** The token check: refreshes the stored user; a 401 signs out through the request layer. */
export const fetchTeacherInfo = async () => {
  const info = await api.call(getTeacherInfo, {});
  sessionStore.update({ user: info.user, onlineClassSwitch: info.online_class_switch });
  return info;
};

export const teacherInfoQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.teacher.info(), queryFn: fetchTeacherInfo, staleTime: 5 * 60_000, retry: false });

export const useTeacherInfo = () => useQuery(teacherInfoQueryOptions());

/**
 * Unread notices (homework and system ones) for the header's bell: quietly (a background poll never
 * toasts), every minute, and at once when the teacher comes back to the tab (docs/notices.md says
 * why polling and not a push channel).
 */
export const NOTICE_POLL_MS = 60_000;
/** Polled only while signed in (`enabled`: a state of the screen, not a missing id). */
export const newNoticeTotalQueryOptions = (enabled = true) =>
  queryOptions({
    queryKey: queryKeys.notices.total(),
    queryFn: () => api.silent.call(getNewNoticeTotal, {}),
    refetchInterval: NOTICE_POLL_MS,
    refetchOnWindowFocus: 'always',
    retry: false,
    enabled,
  });
export const useNewNoticeTotal = (enabled = true) => useQuery(newNoticeTotalQueryOptions(enabled));
