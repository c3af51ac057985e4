import { paths } from '../../config/paths';
import { useParams } from 'react-router';
import { StudentDetails } from '../../features/students/components/student-details';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '生徒の詳細', level: 2, menu: paths.classEditing.path };

export function Component() {
  const loginId = useParams().loginId ?? '';
  return <StudentDetails key={loginId} loginId={loginId} />;
}
