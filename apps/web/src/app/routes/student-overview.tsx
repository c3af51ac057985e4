import { paths } from '../../config/paths';
import { StudentOverview } from '../../features/students/components/student-overview';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '生徒一覧', level: 1, keepAlive: true, menu: paths.classEditing.path };

export function Component() {
  return <StudentOverview />;
}
