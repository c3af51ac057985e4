import { useSearchParams } from 'react-router';
import { ClassTermReport } from '../../features/reports/components/class-term-report';
import { paths } from '../../config/paths';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'クラスレポート（学期）', level: 1, menu: paths.ranking.path };

export function Component() {
  const classId = Number(useSearchParams()[0].get('team_id'));
  return <ClassTermReport key={classId} classId={classId} />;
}
