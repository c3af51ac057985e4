import { leaveClass, type CallInput } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const leaveTeamCall = (input: CallInput<typeof leaveClass>) => api.call(leaveClass, input);

/** Students (and class sizes) change: their lists and the class list are refetched. */
export const useLeaveTeam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: leaveTeamCall,
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: ['students'] });
      await queryClient.invalidateQueries({ queryKey: ['team'] });
    },
  });
};
