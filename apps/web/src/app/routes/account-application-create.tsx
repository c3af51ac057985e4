import { paths } from '../../config/paths';
import { ApplicationForm } from '../../features/account-applications/components/application-form';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'アカウントを申請する', level: 1, menu: paths.accountApplication.path };

export function Component() {
  return <ApplicationForm />;
}
