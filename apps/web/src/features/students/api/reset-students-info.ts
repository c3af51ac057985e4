import { resetStudentsInfo, type CallInput } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const resetStudentsInfoCall = (input: CallInput<typeof resetStudentsInfo>) => api.call(resetStudentsInfo, input);

/** Students (and class sizes) change: their lists and the class list are refetched. */
export const useResetStudentsInfo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resetStudentsInfoCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['students'] });
      await queryClient.invalidateQueries({ queryKey: ['team'] });
    },
  });
};
