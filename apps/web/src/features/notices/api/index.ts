import {
  deleteHomeworkNotices,
  getHomeworkNoticePageList,
  readHomeworkNotices,
  type CallInput,
} from '@ondoku/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
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
