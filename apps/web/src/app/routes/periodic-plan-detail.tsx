import { useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { PeriodicPlanDetail } from '../../features/homework/components/periodic-plans';
import type { RouteHandle } from '../router';
import { idParam } from './id-param';

export const handle: RouteHandle = { title: '定期宿題の詳細', level: 1, menu: paths.homeworkList.path };

export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params.get('plan_id'));
  return <PeriodicPlanDetail key={id} planId={id} />;
}
