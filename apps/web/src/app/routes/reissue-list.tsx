import { paths } from '../../config/paths';
import { ReissueList } from '../../features/homework/components/reissues';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '再配信の履歴', level: 0, menu: paths.homeworkList.path };

export function Component() {
  return <ReissueList />;
}
