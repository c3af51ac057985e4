import { paths } from '../../config/paths';
import { NoticeList } from '../../features/notices/components/notice-list';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'お知らせ', level: 0, menu: paths.homeworkList.path };

export function Component() {
  return <NoticeList />;
}
