import { reorderClasses, type CallInput } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const reorderTeamsCall = (input: CallInput<typeof reorderClasses>) => api.call(reorderClasses, input);

/** Changes a class: the class list and that class's info are refetched. */
export const useReorderTeams = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: reorderTeamsCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['team'] }),
  });
};
