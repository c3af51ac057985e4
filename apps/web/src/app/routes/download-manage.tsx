import { DownloadManage } from '../../features/downloads/components/download-manage';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'ダウンロード管理', level: 0 };

export function Component() {
  return <DownloadManage />;
}
