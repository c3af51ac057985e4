import { useSearchParams } from 'react-router';
import { StudentTermReport } from '../../features/reports/components/student-term-report';
import { paths } from '../../config/paths';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '学習レポート（学期）', level: 1, menu: paths.ranking.path };

export function Component() {
  const loginId = useSearchParams()[0].get('student_id') ?? '';
  return <StudentTermReport key={loginId} loginId={loginId} />;
}
