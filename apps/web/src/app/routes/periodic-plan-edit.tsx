import { useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { PeriodicPlanEdit } from '../../features/homework/components/periodic-plans';
import type { RouteHandle } from '../router';
import { idParam } from './id-param';

export const handle: RouteHandle = { title: '定期宿題の編集', level: 2, menu: paths.homeworkList.path };

export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params.get('plan_id'));
  return <PeriodicPlanEdit key={id} planId={id} />;
}
