import { changeProfile, type ProfileForm } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { sessionStore, teacherInfoQueryKey } from '../../../lib/session';

export const saveProfile = (form: ProfileForm) => api.call(changeProfile, form);

/** Saves nickname and school; the header shows the new name at once (session store). */
export function useChangeProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: saveProfile,
    onSuccess: ({ user }) => {
      sessionStore.update({ user });
      void queryClient.invalidateQueries({ queryKey: teacherInfoQueryKey });
    },
  });
}
