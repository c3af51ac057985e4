import type { CallDef, CallInput, CallOutput } from '@ondoku/contract';
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../api';

/** One cache entry a call's reply replaces directly (`queryClient.setQueryData`). */
export interface CacheWrite {
  queryKey: QueryKey;
  data: unknown;
}

export interface CallMutationOptions<C extends CallDef, V> {
  /** Turn what the screen passes into the call's input (trimming, encrypting a password…). */
  prepare?: (vars: V, queryClient: QueryClient) => CallInput<C> | Promise<CallInput<C>>;
  /** Exactly the query keys this call changes; refetched (awaited) after success. */
  invalidates?: (vars: V, data: CallOutput<C>) => readonly QueryKey[];
  /**
   * Cache entries the reply replaces as they are, with no refetch: for a screen whose own state
   * must not be overwritten by a refetch (the comment draft being typed). Written before `invalidates`.
   */
  writes?: (data: CallOutput<C>, vars: V) => readonly CacheWrite[];
  /** Anything else to do after success (e.g. update the session store), before the refetch. */
  onSuccess?: (data: CallOutput<C>, vars: V, queryClient: QueryClient) => void;
  /**
   * The screen shows the failure itself: no toast, alert or retry dialog from the request layer
   * (`api.quiet`; a 401 still signs out). For an autosave or a check that reports on its field.
   */
  quiet?: boolean;
}

/**
 * A mutation of one contract call that declares the keys it invalidates (or the entries it
 * writes), never "everything". Errors are shown to the teacher by the request layer unless the
 * call is `quiet`; success messages are the screen's.
 */
export function useCallMutation<C extends CallDef, V = CallInput<C>>(call: C, opts: CallMutationOptions<C, V> = {}) {
  const queryClient = useQueryClient();
  const requester = opts.quiet ? api.quiet : api;
  return useMutation({
    mutationFn: async (vars: V) =>
      requester.call(call, opts.prepare ? await opts.prepare(vars, queryClient) : (vars as CallInput<C>)),
    onSuccess: async (data, vars) => {
      for (const { queryKey, data: value } of opts.writes?.(data, vars) ?? [])
        queryClient.setQueryData(queryKey, value);
      opts.onSuccess?.(data, vars, queryClient);
      const keys = opts.invalidates?.(vars, data) ?? [];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
