import { updateClass, type CallInput } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const updateTeamCall = (input: CallInput<typeof updateClass>) => api.call(updateClass, input);

/** Changes a class: the class list and that class's info are refetched. */
export const useUpdateTeam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateTeamCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['team'] }),
  });
};
