import { ApplicationList } from '../../features/account-applications/components/application-list';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'アカウント申請', level: 0 };

export function Component() {
  return <ApplicationList />;
}
