import { ForgetPassword } from '../../features/account/components/forget-password';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'パスワードの再設定', level: 0 };

export function Component() {
  return <ForgetPassword />;
}
