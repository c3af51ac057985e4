import { batchDeletion, type CallInput } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const batchDeletionCall = (input: CallInput<typeof batchDeletion>) => api.call(batchDeletion, input);

/** Students (and class sizes) change: their lists and the class list are refetched. */
export const useBatchDeletion = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchDeletionCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['students'] });
      await queryClient.invalidateQueries({ queryKey: ['team'] });
    },
  });
};
