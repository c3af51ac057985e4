import {
  deleteHomeworkNotices,
  getHomeworkNoticePageList,
  getSystemNoticeContent,
  getSystemNoticePageList,
  readHomeworkNotices,
  readSystemNotices,
  type CallInput,
} from '@ondoku/contract';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useCallMutation } from '../../../lib/queries';

export const noticePageQueryOptions = (params: CallInput<typeof getHomeworkNoticePageList>) =>
  queryOptions({
    queryKey: queryKeys.notices.page(params),
    queryFn: () => api.call(getHomeworkNoticePageList, params),
    placeholderData: keepPreviousData,
  });
export const useNoticePage = (params: CallInput<typeof getHomeworkNoticePageList>) =>
  useQuery(noticePageQueryOptions(params));

export const useReadNotices = () =>
  useCallMutation(readHomeworkNotices, { invalidates: () => [queryKeys.notices.all] });
export const useDeleteNotices = () =>
  useCallMutation(deleteHomeworkNotices, { invalidates: () => [queryKeys.notices.all] });

/** System notices from the operator (docs/notices.md). */
export const systemNoticePageQueryOptions = (params: CallInput<typeof getSystemNoticePageList>) =>
  queryOptions({
    queryKey: queryKeys.notices.system(params),
    queryFn: () => api.call(getSystemNoticePageList, params),
    placeholderData: keepPreviousData,
  });
export const useSystemNoticePage = (params: CallInput<typeof getSystemNoticePageList>) =>
  useQuery(systemNoticePageQueryOptions(params));

/** One notice's content; reading it marks it read on the server (the list and the bell refetch after). */
export const systemNoticeContentQueryOptions = (noticeId: number | null) =>
  queryOptions({
    queryKey: queryKeys.notices.systemContent(noticeId ?? 0),
    queryFn: noticeId === null ? skipToken : () => api.call(getSystemNoticeContent, { notice_id: noticeId }),
  });
export const useSystemNoticeContent = (noticeId: number | null) => useQuery(systemNoticeContentQueryOptions(noticeId));

export const useReadSystemNotices = () =>
  useCallMutation(readSystemNotices, { invalidates: () => [queryKeys.notices.all] });
