import { getTeacherInfo } from '@ondoku/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionStore, teacherInfoQueryKey } from '../../../lib/session';

/** The token check: refreshes the stored user; a 401 signs out through the request layer. */
export const fetchTeacherInfo = async () => {
  const info = await api.call(getTeacherInfo, {});
  sessionStore.update({ user: info.user, onlineClassSwitch: info.online_class_switch });
  return info;
};

export const teacherInfoQueryOptions = () =>
  queryOptions({ queryKey: teacherInfoQueryKey, queryFn: fetchTeacherInfo, staleTime: 5 * 60_000, retry: false });

export const useTeacherInfo = () => useQuery(teacherInfoQueryOptions());
