import { batchChangeKumi, type CallInput } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const batchChangeClassNameCall = (input: CallInput<typeof batchChangeKumi>) => api.call(batchChangeKumi, input);

/** Students (and class sizes) change: their lists and the class list are refetched. */
export const useBatchChangeClassName = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchChangeClassNameCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['students'] });
      await queryClient.invalidateQueries({ queryKey: ['team'] });
    },
  });
};
