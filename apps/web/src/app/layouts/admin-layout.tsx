import {
  ArrowLeftOutlined,
  BellOutlined,
  DownloadOutlined,
  DownOutlined,
  LogoutOutlined,
  UserOutlined,
} from '@ant-design/icons';
import { Avatar, Badge, Button, Dropdown, Layout, Menu, Space, Spin, type MenuProps } from 'antd';
import { useEffect, useMemo } from 'react';
import { useLocation, useMatches, useNavigate } from 'react-router';
import { buildMenu, menu, type MenuEntry } from '../../config/menu';
import { paths } from '../../config/paths';
import { useNewNoticeTotal, useTeacherInfo } from '../../lib/queries';
import { forgetPushToken } from '../../features/account/api/delete-fcm-token';
import { usePushTokenRegistration } from '../../features/account/api/save-fcm-token';
import { useLogout } from '../../features/auth/api/logout';
import { openExternal } from '../../lib/native-bridge';
import { previousRoute, recordVisit } from '../../lib/route-history';
import { useSession } from '../../lib/session';
import { hasRoute, type RouteHandle } from '../router';
import { KeepAliveOutlet } from './keep-alive-outlet';

const toItems = (entries: MenuEntry[]): MenuProps['items'] =>
  entries.map((e) => ({
    key: e.path ?? e.key,
    label: e.label,
    icon: e.icon,
    children: e.children && toItems(e.children),
  }));

/** The signed-in frame of spec §2: header with avatar, name and menu; left menu; back button. */
export function AdminLayout() {
  const session = useSession();
  const info = useTeacherInfo(); // the token check: a 401 signs out and returns to /login
  const navigate = useNavigate();
  const logout = useLogout();
  const { pathname } = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;

  useEffect(() => {
    if (!session) void navigate(paths.login.path, { replace: true });
  }, [session, navigate]);
  useEffect(() => recordVisit(pathname), [pathname]);
  usePushTokenRegistration(Boolean(session));
  const unread = useNewNoticeTotal(Boolean(session)).data?.new_msg_num ?? 0;

  const user = session?.user;
  const liveUrl = info.data?.live_lesson_url ?? null;
  const entries = useMemo(
    () => buildMenu(menu, { showLive: Boolean(user?.showLive), hasLiveUrl: Boolean(liveUrl), hasRoute }),
    [user?.showLive, liveUrl],
  );
  if (!user) return <Spin style={{ display: 'block', margin: '30vh auto' }} />;

  const accountItems: MenuProps['items'] = [
    ...(user.type !== 'guest' && hasRoute(paths.person.path)
      ? [{ key: 'person', icon: <UserOutlined />, label: 'アカウント設定' }]
      : []),
    ...(hasRoute(paths.downloadManage.path)
      ? [{ key: 'downloads', icon: <DownloadOutlined />, label: 'ダウンロード管理' }]
      : []),
    { key: 'logout', icon: <LogoutOutlined />, label: 'ログアウト' },
  ];
  const onAccountClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'logout') void forgetPushToken().then(logout);
    if (key === 'person') void navigate(paths.person.path);
    if (key === 'downloads') void navigate(paths.downloadManage.path);
  };
  const onMenuClick: MenuProps['onClick'] = ({ key }) => {
    if (key === 'live') {
      if (liveUrl) openExternal(liveUrl);
    } else void navigate(key);
  };

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Sider
        width={200}
        breakpoint="md"
        collapsedWidth={64}
        theme="light"
        style={{ borderRight: '1px solid #e8ecea' }}
      >
        <div
          style={{
            height: 56,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            color: '#1f7a5c',
            fontWeight: 700,
            fontSize: 18,
          }}
        >
          音読 Ondoku
        </div>
        <Menu
          mode="inline"
          selectedKeys={[handle?.menu ?? pathname]}
          defaultOpenKeys={['homework', 'learning']}
          items={toItems(entries)}
          onClick={onMenuClick}
        />
      </Layout.Sider>
      <Layout>
        <Layout.Header
          style={{
            background: '#fff',
            padding: '0 24px',
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'space-between',
            borderBottom: '1px solid #e8ecea',
          }}
        >
          <Space>
            {(handle?.level ?? 0) > 0 && (
              <Button
                icon={<ArrowLeftOutlined />}
                onClick={() => void navigate(previousRoute(pathname) ?? paths.homeworkList.path)}
                aria-label="戻る"
              >
                戻る
              </Button>
            )}
            {/* antd's Title level 4 look, without Typography's tooltip and editing code */}
            <h4 style={{ margin: 0, fontSize: 20, fontWeight: 600, lineHeight: 1.4, color: 'rgba(0,0,0,0.88)' }}>
              {handle?.title}
            </h4>
          </Space>
          <Space size={4}>
            <Button
              type="text"
              style={{ height: 48, width: 48 }}
              aria-label={unread ? `お知らせ（未読${unread}件）` : 'お知らせ'}
              onClick={() => void navigate(paths.notices.path)}
            >
              <Badge count={unread} size="small" overflowCount={99}>
                <BellOutlined style={{ fontSize: 20 }} />
              </Badge>
            </Button>
            <Dropdown menu={{ items: accountItems, onClick: onAccountClick }} trigger={['click']}>
              <Button type="text" style={{ height: 48 }} data-testid="account-menu">
                <Space>
                  <Avatar src={user.avatar ?? undefined} style={{ background: '#1f7a5c' }}>
                    {user.nickname.slice(0, 1)}
                  </Avatar>
                  <span>{user.nickname}</span>
                  <DownOutlined />
                </Space>
              </Button>
            </Dropdown>
          </Space>
        </Layout.Header>
        <Layout.Content style={{ padding: 24 }}>
          <KeepAliveOutlet />
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
