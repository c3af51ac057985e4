import { hideClass, type CallInput } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const makeTeamHiddenCall = (input: CallInput<typeof hideClass>) => api.call(hideClass, input);

/** Changes a class: the class list and that class's info are refetched. */
export const useMakeTeamHidden = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: makeTeamHiddenCall,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['team'] }),
  });
};
