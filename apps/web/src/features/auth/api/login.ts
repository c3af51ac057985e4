import { loginSafe, type LoginForm, type SessionReply } from '@ondoku/contract';
import { APP_NAME, CLIENT_NAME } from '../../../config/constants';
import { useCallMutation } from '../../../lib/queries/mutation';
import { notify } from '../../../lib/notify';
import { encryptForServer } from '../../../lib/server-key';
import { deviceCode, sessionStore } from '../../../lib/session';

export const saveSession = (reply: SessionReply) =>
  sessionStore.set({ token: reply.token, user: reply.user, onlineClassSwitch: reply.online_class_switch });

/** A new session: nothing cached for a previous teacher survives it, nor a message shown before it. */
export const startSession = {
  onSuccess: (reply: SessionReply, _v: unknown, queryClient: { clear(): void }) => {
    queryClient.clear();
    notify.clearToasts();
    saveSession(reply);
  },
};

export const useLogin = () =>
  useCallMutation(loginSafe, {
    prepare: async (form: LoginForm, queryClient) => ({
      username: form.username.trim(),
      password: await encryptForServer(queryClient, form.password),
      app_name: APP_NAME,
      client_name: CLIENT_NAME,
      device_code: deviceCode(),
    }),
    ...startSession,
  });
