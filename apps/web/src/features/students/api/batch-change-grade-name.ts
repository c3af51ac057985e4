import { batchChangeGradeName, type CallInput } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const batchChangeGradeNameCall = (input: CallInput<typeof batchChangeGradeName>) =>
  api.call(batchChangeGradeName, input);

/** Students (and class sizes) change: their lists and the class list are refetched. */
export const useBatchChangeGradeName = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: batchChangeGradeNameCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['students'] });
      await queryClient.invalidateQueries({ queryKey: ['team'] });
    },
  });
};
