import { StudentManual } from '../../features/students/components/student-manual';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'おんどく つかいかた（児童・保護者向け）', level: 0 };

export function Component() {
  return <StudentManual />;
}
