import { Badge, Tabs } from 'antd';
import { useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { NoticeList } from '../../features/notices/components/notice-list';
import { SystemNoticeList } from '../../features/notices/components/system-notice-list';
import { useNewNoticeTotal } from '../../lib/queries';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'お知らせ', level: 0, menu: paths.homeworkList.path };

/** /home/message-detail-page (docs/notices.md): homework notices and the operator's notices, each with its unread count. */
export function Component() {
  const [search, setSearch] = useSearchParams();
  const total = useNewNoticeTotal().data;
  const tab = search.get('tab') === 'system' ? 'system' : 'homework';
  const label = (text: string, n = 0) => (
    <span>
      {text} <Badge count={n} size="small" />
    </span>
  );
  return (
    <Tabs
      activeKey={tab}
      onChange={(key) => setSearch(key === 'system' ? { tab: 'system' } : {}, { replace: true })}
      items={[
        { key: 'homework', label: label('宿題のお知らせ', total?.homework_msg_num), children: <NoticeList /> },
        { key: 'system', label: label('運営からのお知らせ', total?.system_msg_num), children: <SystemNoticeList /> },
      ]}
    />
  );
}
