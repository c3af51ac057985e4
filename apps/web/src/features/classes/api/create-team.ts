import { createClass, type CallInput } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const createTeamCall = (input: CallInput<typeof createClass>) => api.call(createClass, input);

/** Changes a class: the class list and that class's info are refetched. */
export const useCreateTeam = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeamCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['team'] }),
  });
};
