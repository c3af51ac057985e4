import { loginSafe, type LoginForm, type SessionReply } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APP_NAME, CLIENT_NAME } from '../../../config/constants';
import { api } from '../../../lib/api';
import { encryptForServer } from '../../../lib/server-key';
import { deviceCode, sessionStore } from '../../../lib/session';

export const saveSession = (reply: SessionReply) =>
  sessionStore.set({ token: reply.token, user: reply.user, onlineClassSwitch: reply.online_class_switch });

export function useLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (form: LoginForm) =>
      api.call(loginSafe, {
        username: form.username.trim(),
        password: await encryptForServer(queryClient, form.password),
        app_name: APP_NAME,
        client_name: CLIENT_NAME,
        device_code: deviceCode(),
      }),
    onSuccess: (reply) => {
      queryClient.clear();
      saveSession(reply);
    },
  });
}
