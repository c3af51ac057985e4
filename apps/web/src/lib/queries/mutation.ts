import type { CallDef, CallInput, CallOutput } from '@ondoku/contract';
import { useMutation, useQueryClient, type QueryClient, type QueryKey } from '@tanstack/react-query';
import { api } from '../api';

export interface CallMutationOptions<C extends CallDef, V> {
  /** Turn what the screen passes into the call's input (trimming, encrypting a password…). */
  prepare?: (vars: V, queryClient: QueryClient) => CallInput<C> | Promise<CallInput<C>>;
  /** Exactly the query keys this call changes; refetched (awaited) after success. */
  invalidates?: (vars: V, data: CallOutput<C>) => readonly QueryKey[];
  /** Anything else to do after success (e.g. update the session store), before the refetch. */
  onSuccess?: (data: CallOutput<C>, vars: V, queryClient: QueryClient) => void;
}

/**
 * A mutation of one contract call that declares the keys it invalidates, never "everything".
 * Errors are already shown to the teacher by the request layer.
 */
export function useCallMutation<C extends CallDef, V = CallInput<C>>(call: C, opts: CallMutationOptions<C, V> = {}) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (vars: V) =>
      api.call(call, opts.prepare ? await opts.prepare(vars, queryClient) : (vars as CallInput<C>)),
    onSuccess: async (data, vars) => {
      opts.onSuccess?.(data, vars, queryClient);
      const keys = opts.invalidates?.(vars, data) ?? [];
      await Promise.all(keys.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
    },
  });
}
