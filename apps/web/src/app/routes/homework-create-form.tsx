import { paths } from '../../config/paths';
import { LibraryScreen } from '../../features/library/components/library-screen';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '宿題配信', level: 0, menu: paths.homeworkCreate.path };

export function Component() {
  return <LibraryScreen />;
}
