import {
  changeEmail,
  changePasswordSafe,
  changeProfile,
  resetPasswordSafe,
  sendEmailAuthenticationMail,
  sendResetPwdMail,
  type CallOutput,
} from '@ondoku/contract';
import { queryKeys, useCallMutation } from '../../../lib/queries';
import { encryptForServer } from '../../../lib/server-key';
import { sessionStore } from '../../../lib/session';

/**
 * The account feature's calls (/person and /forget), one declaration each. Passwords travel
 * encrypted with the server's key; a changed user shows at once in the header (session store).
 */
const userChange = {
  onSuccess: ({ user }: CallOutput<typeof changeProfile>) => sessionStore.update({ user }),
  invalidates: () => [queryKeys.teacher.info()],
};

/** Saves nickname and school. */
export const useChangeProfile = () => useCallMutation(changeProfile, userChange);

/** E-mail change, step 1: mail a code to the new address. */
export const useSendEmailCode = () =>
  useCallMutation(sendEmailAuthenticationMail, { prepare: (email: string) => ({ email: email.trim() }) });

/** E-mail change, step 2: the new address with the code mailed to it. */
export const useChangeEmail = () =>
  useCallMutation(changeEmail, {
    prepare: (v: { email: string; code: string }) => ({ email: v.email.trim(), code: v.code.trim() }),
    ...userChange,
  });

/** Both passwords travel encrypted; the server signs the other sessions out and keeps this one. */
export const useChangePassword = () =>
  useCallMutation(changePasswordSafe, {
    prepare: async (v: { oldpassword: string; newpassword: string }, queryClient) => ({
      oldpassword: await encryptForServer(queryClient, v.oldpassword),
      newpassword: await encryptForServer(queryClient, v.newpassword),
    }),
  });

/** Step 1 of /forget: ask for a reset code (the reply is the same whether the address is registered). */
export const useSendResetMail = () =>
  useCallMutation(sendResetPwdMail, { prepare: (email: string) => ({ email: email.trim() }) });

/** Step 2 of /forget: the mailed code and the new password (encrypted, like at sign-in). */
export const useResetPassword = () =>
  useCallMutation(resetPasswordSafe, {
    prepare: async (v: { email: string; code: string; password: string }, queryClient) => ({
      email: v.email.trim(),
      code: v.code.trim(),
      password: await encryptForServer(queryClient, v.password),
    }),
    // The server signed every session of that account out; if this browser held one, it goes too.
    onSuccess: (_data, v) => {
      if (sessionStore.get()?.user.email === v.email.trim().toLowerCase()) sessionStore.clear();
    },
  });
