import { useParams, useSearchParams } from 'react-router';
import { LoginCards } from '../../features/students/components/login-cards';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'ログインカード', level: 0 };

export function Component() {
  const classId = Number(useParams().classId);
  const ids = useSearchParams()[0].get('ids');
  return <LoginCards classId={classId} loginIds={ids ? ids.split(',') : undefined} />;
}
