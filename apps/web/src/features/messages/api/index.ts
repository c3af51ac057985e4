import {
  deleteMessages,
  getMessageDetails,
  getOutboxMessageList,
  sendNewMessage,
  type CallInput,
} from '@ondoku/contract';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useCallMutation } from '../../../lib/queries';

/** Messages from the teacher (docs/messages.md): one declaration per call. */
export const outboxQueryOptions = (params: CallInput<typeof getOutboxMessageList>) =>
  queryOptions({
    queryKey: queryKeys.messages.outbox(params),
    queryFn: () => api.call(getOutboxMessageList, params),
    placeholderData: keepPreviousData,
  });
export const useOutbox = (params: CallInput<typeof getOutboxMessageList>) => useQuery(outboxQueryOptions(params));

export const messageDetailsQueryOptions = (id: number | null) =>
  queryOptions({
    queryKey: queryKeys.messages.detail(id ?? 0),
    queryFn: id === null ? skipToken : () => api.call(getMessageDetails, { id }),
  });
export const useMessageDetails = (id: number | null) => useQuery(messageDetailsQueryOptions(id));

export const useSendMessage = () => useCallMutation(sendNewMessage, { invalidates: () => [queryKeys.messages.all] });
export const useDeleteMessages = () => useCallMutation(deleteMessages, { invalidates: () => [queryKeys.messages.all] });
