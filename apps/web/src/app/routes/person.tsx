import { AccountSettings } from '../../features/account/components/account-settings';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'アカウント設定', level: 1 };

export function Component() {
  return <AccountSettings />;
}
