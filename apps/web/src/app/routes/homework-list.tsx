import { paths } from '../../config/paths';
import { HomeworkList } from '../../features/homework/components/homework-list';
import { hasRoute, type RouteHandle } from '../route-registry';

export const handle: RouteHandle = { title: '宿題一覧', level: 0, keepAlive: true };

/** Each homework links to its results screen once that screen exists (another issue builds it). */
const detailsHref = hasRoute(paths.homeworkDetails.path) ? paths.homeworkDetails.getHref : undefined;

export function Component() {
  return <HomeworkList detailsHref={detailsHref} />;
}
