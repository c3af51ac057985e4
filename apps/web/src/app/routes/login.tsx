import { LoginForm } from '../../features/auth/components/login-form';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'ログイン', level: 0 };

export function Component() {
  return <LoginForm />;
}
