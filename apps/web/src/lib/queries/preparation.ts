import { getPreparation, type CallOutput } from '@ondoku/contract';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { api } from '../api';
import { queryKeys } from './keys';

export type Preparation = CallOutput<typeof getPreparation>;

/** Every 5 s while a first start prepares something; never once all is ready. */
const POLL_MS = 5000;

export const preparationQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.preparation(),
    queryFn: () => api.call(getPreparation, {}),
    refetchInterval: (q) => (q.state.data && (q.state.data.library || q.state.data.demo_homework) ? POLL_MS : false),
  });

/**
 * What a first start is still preparing for this teacher (docs/first-start.md). As it advances,
 * the screens that show it read their lists again: the library as resources arrive, the homework
 * list as the demo homework is handed in.
 */
export function usePreparation() {
  const query = useQuery(preparationQueryOptions());
  const queryClient = useQueryClient();
  const seen = useRef<Preparation | undefined>(undefined);
  const data = query.data;
  useEffect(() => {
    const before = seen.current;
    seen.current = data;
    if (!before || !data) return;
    if (before.library && before.library.done !== (data.library?.done ?? -1))
      void queryClient.invalidateQueries({ queryKey: queryKeys.library.all });
    if (before.demo_homework && before.demo_homework.done !== (data.demo_homework?.done ?? -1))
      void queryClient.invalidateQueries({ queryKey: queryKeys.homework.all });
  }, [data, queryClient]);
  return data;
}
