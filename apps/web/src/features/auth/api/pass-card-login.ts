import { passCardLogin } from '@ondoku/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { APP_NAME, CLIENT_NAME } from '../../../config/constants';
import { api } from '../../../lib/api';
import { deviceCode } from '../../../lib/session';
import { saveSession } from './login';

export function usePassCardLogin() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (key: string) =>
      api.call(passCardLogin, { key, app_name: APP_NAME, client_name: CLIENT_NAME, device_code: deviceCode() }),
    onSuccess: (reply) => {
      queryClient.clear();
      saveSession(reply);
    },
  });
}
