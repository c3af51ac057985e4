import { changeStudentInfo, type CallInput } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const changeStudentInfoCall = (input: CallInput<typeof changeStudentInfo>) => api.call(changeStudentInfo, input);

/** Students (and class sizes) change: their lists and the class list are refetched. */
export const useChangeStudentInfo = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: changeStudentInfoCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['students'] });
      await queryClient.invalidateQueries({ queryKey: ['team'] });
    },
  });
};
