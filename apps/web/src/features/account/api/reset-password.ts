import { resetPasswordSafe } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { encryptForServer } from '../../../lib/server-key';
import { sessionStore } from '../../../lib/session';

/** Step 2 of /forget: the mailed code and the new password (encrypted, like at sign-in). */
export function useResetPassword() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (v: { email: string; code: string; password: string }) =>
      api.call(resetPasswordSafe, {
        email: v.email.trim(),
        code: v.code.trim(),
        password: await encryptForServer(queryClient, v.password),
      }),
    // The server signed every session of that account out; if this browser held one, it goes too.
    onSuccess: (_data, v) => {
      if (sessionStore.get()?.user.email === v.email.trim().toLowerCase()) sessionStore.clear();
    },
  });
}
