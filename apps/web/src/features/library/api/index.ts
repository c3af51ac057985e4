import {
  getPackDetail,
  getPackList,
  getResourceDetail,
  getWordBookList,
  getWordBookParts,
  searchResources,
  type CallInput,
} from '@ondoku/contract';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys } from '../../../lib/queries';

/** The content library's calls (contract calls/library.ts), one declaration each. */
export type ResourceSearchParams = CallInput<typeof searchResources>;
export type PackListParams = CallInput<typeof getPackList>;

/** Library material changes only when it is installed: a preview fetched once stays fresh for the visit. */
const LIBRARY_STALE_MS = 5 * 60_000;

export const resourceSearchQueryOptions = (params: ResourceSearchParams) =>
  queryOptions({
    queryKey: queryKeys.library.search(params),
    queryFn: () => api.call(searchResources, params),
    placeholderData: keepPreviousData,
  });
export const useResourceSearch = (params: ResourceSearchParams) => useQuery(resourceSearchQueryOptions(params));

export const resourceDetailQueryOptions = (resourceId: number | null) =>
  queryOptions({
    queryKey: queryKeys.library.detail(resourceId ?? 0),
    queryFn: resourceId === null ? skipToken : () => api.call(getResourceDetail, { resource_id: resourceId }),
    staleTime: LIBRARY_STALE_MS,
  });
export const useResourceDetail = (resourceId: number | null) => useQuery(resourceDetailQueryOptions(resourceId));

export const packListQueryOptions = (params: PackListParams) =>
  queryOptions({
    queryKey: queryKeys.library.packs(params),
    queryFn: () => api.call(getPackList, params),
    placeholderData: keepPreviousData,
    staleTime: LIBRARY_STALE_MS,
  });
export const usePackList = (params: PackListParams) => useQuery(packListQueryOptions(params));

export const packDetailQueryOptions = (code: string | null) =>
  queryOptions({
    queryKey: queryKeys.library.pack(code ?? ''),
    queryFn: code === null ? skipToken : () => api.call(getPackDetail, { code }),
    staleTime: LIBRARY_STALE_MS,
  });
export const usePackDetail = (code: string | null) => useQuery(packDetailQueryOptions(code));

export const wordBookListQueryOptions = (params: CallInput<typeof getWordBookList>) =>
  queryOptions({
    queryKey: queryKeys.library.wordBooks(params),
    queryFn: () => api.call(getWordBookList, params),
    staleTime: LIBRARY_STALE_MS,
  });
export const useWordBookList = (params: CallInput<typeof getWordBookList> = {}) =>
  useQuery(wordBookListQueryOptions(params));

export const wordBookPartsQueryOptions = (code: string | null) =>
  queryOptions({
    queryKey: queryKeys.library.wordBookParts(code ?? ''),
    queryFn: code === null ? skipToken : () => api.call(getWordBookParts, { code }),
    staleTime: LIBRARY_STALE_MS,
  });
export const useWordBookParts = (code: string | null) => useQuery(wordBookPartsQueryOptions(code));

export { fetchEvaluationSocketUrl } from '../../../lib/evaluation-socket';
