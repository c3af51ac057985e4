import { TeacherGuide } from '../../features/explain/components/teacher-guide';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '使い方ガイド', level: 0 };

/** /explain (docs/explain.md): the teacher's guide, reachable from the header's ？ button. */
export function Component() {
  return <TeacherGuide />;
}
