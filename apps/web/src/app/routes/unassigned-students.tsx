import { paths } from '../../config/paths';
import { UnassignedStudents } from '../../features/students/components/unassigned-students';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'クラス未所属', level: 1, menu: paths.classEditing.path };

export function Component() {
  return <UnassignedStudents />;
}
