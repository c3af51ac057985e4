import { saveFcmToken } from '@ondoku/contract';
import { useEffect } from 'react';
import { api } from '../../../lib/api';
import { onPushToken } from '../../../lib/native-bridge';

export const registerPushToken = (token: string) => api.call(saveFcmToken, { fcm_token: token });

/**
 * Inside the native wrapper: whenever the shell hands over the device's push token
 * (docs/native-bridge.md), remember it for the signed-in teacher.
 */
export function usePushTokenRegistration(signedIn: boolean) {
  useEffect(() => {
    if (!signedIn) return;
    return onPushToken((token) => void registerPushToken(token).catch(() => {}));
  }, [signedIn]);
}
