import { deleteFcmToken } from '@ondoku/contract';
import { api } from '../../../lib/api';
import { currentPushToken } from '../../../lib/native-bridge';

/** Before signing out: this device should no longer receive the teacher's notifications. */
export async function forgetPushToken(): Promise<void> {
  const token = currentPushToken();
  if (token) await api.call(deleteFcmToken, { fcm_token: token }).catch(() => {});
}
