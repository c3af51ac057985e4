import { useSearchParams } from 'react-router';
import { StudentCards } from '../../features/students/components/student-cards';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'ログインカード', level: 0 };

export function Component() {
  const ids = useSearchParams()[0].get('ids');
  return <StudentCards loginIds={ids ? ids.split(',').filter(Boolean) : []} />;
}
