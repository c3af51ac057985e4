import { changeEmail } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionStore, teacherInfoQueryKey } from '../../../lib/session';

/** E-mail change, step 2: the new address with the code mailed to it. */
export const submitEmailChange = (v: { email: string; code: string }) =>
  api.call(changeEmail, { email: v.email.trim(), code: v.code.trim() });

export function useChangeEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: submitEmailChange,
    onSuccess: ({ user }) => {
      sessionStore.update({ user });
      void queryClient.invalidateQueries({ queryKey: teacherInfoQueryKey });
    },
  });
}
