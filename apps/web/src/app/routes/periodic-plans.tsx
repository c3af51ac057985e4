import { paths } from '../../config/paths';
import { PeriodicPlanList } from '../../features/homework/components/periodic-plans';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '定期宿題', level: 0, menu: paths.homeworkList.path };

export function Component() {
  return <PeriodicPlanList />;
}
