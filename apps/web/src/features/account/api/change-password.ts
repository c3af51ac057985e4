import { changePasswordSafe } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { encryptForServer } from '../../../lib/server-key';

/** Both passwords travel encrypted; the server signs the other sessions out and keeps this one. */
export function useChangePassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { oldpassword: string; newpassword: string }) =>
      api.call(changePasswordSafe, {
        oldpassword: await encryptForServer(queryClient, v.oldpassword),
        newpassword: await encryptForServer(queryClient, v.newpassword),
      }),
  });
}
