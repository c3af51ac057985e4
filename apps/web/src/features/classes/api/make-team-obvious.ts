import { showClass, type CallInput } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const makeTeamObviousCall = (input: CallInput<typeof showClass>) => api.call(showClass, input);

/** Changes a class: the class list and that class's info are refetched. */
export const useMakeTeamObvious = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeTeamObviousCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['team'] }),
  });
};
