import { studentBatchLeave, type CallInput } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const studentBatchLeaveCall = (input: CallInput<typeof studentBatchLeave>) => api.call(studentBatchLeave, input);

/** Students (and class sizes) change: their lists and the class list are refetched. */
export const useStudentBatchLeave = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: studentBatchLeaveCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['students'] });
      await queryClient.invalidateQueries({ queryKey: ['team'] });
    },
  });
};
