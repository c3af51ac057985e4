import { ClassList } from '../../features/classes/components/class-list';
import { ImportStudentsButton } from '../../features/students/components/import-button';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'クラス・ID編集', level: 0, keepAlive: true };

export function Component() {
  return <ClassList extra={<ImportStudentsButton />} />;
}
