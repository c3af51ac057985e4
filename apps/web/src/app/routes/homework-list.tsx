import { HomeworkList } from '../../features/homework/components/homework-list';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '宿題一覧', level: 0, keepAlive: true };

export function Component() {
  return <HomeworkList />;
}
