import { passCardLogin } from '@ondoku/contract';
import { APP_NAME, CLIENT_NAME } from '../../../config/constants';
import { useCallMutation } from '../../../lib/queries/mutation';
import { deviceCode } from '../../../lib/session';
import { startSession } from './login';

export const usePassCardLogin = () =>
  useCallMutation(passCardLogin, {
    prepare: (key: string) => ({ key, app_name: APP_NAME, client_name: CLIENT_NAME, device_code: deviceCode() }),
    ...startSession,
  });
