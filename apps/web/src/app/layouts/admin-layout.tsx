import { useEffect, useId, useMemo, useRef, useState, type KeyboardEvent } from 'react';
import { Link, useLocation, useMatches, useNavigate } from 'react-router';
import { PlainButton, PlainSpin } from '../../components/ui/plain';
import {
  arrowLeftOutlined,
  bellOutlined,
  questionCircleOutlined,
  downloadOutlined,
  downOutlined,
  logoutOutlined,
} from '../../components/ui/icon-paths';
import { PlainIcon, userOutlined } from '../../components/ui/plain-icon';
import { buildMenu, menu, type MenuEntry } from '../../config/menu';
import { paths } from '../../config/paths';
import { useNewNoticeTotal, useTeacherInfo } from '../../lib/queries';
import { forgetPushToken } from '../../features/account/api/delete-fcm-token';
import { usePushTokenRegistration } from '../../features/account/api/save-fcm-token';
import { useLogout } from '../../features/auth/api/logout';
import { openExternal } from '../../lib/native-bridge';
import { previousRoute, recordVisit } from '../../lib/route-history';
import { useSession } from '../../lib/session';
import { hasRoute, type RouteHandle } from '../route-registry';
import { KeepAliveOutlet } from './keep-alive-outlet';
import './admin-layout.css';

/**
 * The left menu: links to the screens (the current one marked aria-current), groups that open
 * and close (a disclosure button each, open at first like antd's defaultOpenKeys), and the
 * live lesson as a button that opens the external address.
 */
function SideMenu({ entries, selected, onLive }: { entries: MenuEntry[]; selected: string; onLive(): void }) {
  const [closed, setClosed] = useState<string[]>([]);
  const baseId = useId();
  const item = (e: MenuEntry, nested: boolean) => {
    const key = e.path ?? e.key;
    const className = `admin-menu-item${nested ? ' admin-menu-nested' : ''}`;
    const icon = e.icon && <PlainIcon paths={e.icon} />;
    return (
      <li key={key}>
        {e.path ? (
          <Link to={e.path} className={className} aria-current={key === selected ? 'page' : undefined}>
            {icon}
            <span>{e.label}</span>
          </Link>
        ) : (
          <button type="button" className={className} onClick={onLive}>
            {icon}
            <span>{e.label}</span>
          </button>
        )}
      </li>
    );
  };
  return (
    <nav aria-label="メニュー" className="admin-menu">
      <ul>
        {entries.map((e) => {
          if (!e.children) return item(e, false);
          const open = !closed.includes(e.key);
          const listId = `${baseId}-${e.key}`;
          const active = e.children.some((c) => (c.path ?? c.key) === selected);
          return (
            <li key={e.key}>
              <button
                type="button"
                className="admin-menu-item admin-menu-group"
                data-active={active || undefined}
                aria-expanded={open}
                aria-controls={listId}
                onClick={() => setClosed((c) => (open ? [...c, e.key] : c.filter((k) => k !== e.key)))}
              >
                {e.icon && <PlainIcon paths={e.icon} />}
                <span>{e.label}</span>
                <PlainIcon paths={downOutlined} style={{ marginInlineStart: 'auto', fontSize: 10 }} />
              </button>
              <ul id={listId} hidden={!open} className="admin-submenu">
                {e.children.map((c) => item(c, true))}
              </ul>
            </li>
          );
        })}
      </ul>
    </nav>
  );
}

interface AccountItem {
  key: string;
  label: string;
  icon: readonly string[];
}

/**
 * The account menu under the teacher's name (the menu button pattern): opens on click, Enter,
 * Space or the down arrow with the focus on its first item; arrows, Home and End move, Escape
 * or Tab closes (Escape gives the focus back to the button), a click outside closes it.
 */
function AccountMenu({
  items,
  onPick,
  children,
}: {
  items: AccountItem[];
  onPick(key: string): void;
  children: React.ReactNode;
}) {
  const [open, setOpen] = useState(false);
  const wrapper = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menuId = useId();
  const focusItem = (index: number) => {
    const list = wrapper.current?.querySelectorAll<HTMLElement>('[role="menuitem"]');
    if (list?.length) list[(index + list.length) % list.length]!.focus();
  };
  useEffect(() => {
    if (!open) return;
    focusItem(0);
    const away = (e: PointerEvent) => {
      if (!wrapper.current?.contains(e.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', away);
    return () => document.removeEventListener('pointerdown', away);
  }, [open]);
  const onMenuKey = (e: KeyboardEvent) => {
    const list = [...(wrapper.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? [])];
    const at = list.indexOf(document.activeElement as HTMLElement);
    if (e.key === 'ArrowDown') focusItem(at + 1);
    else if (e.key === 'ArrowUp') focusItem(at - 1);
    else if (e.key === 'Home') focusItem(0);
    else if (e.key === 'End') focusItem(list.length - 1);
    else if (e.key === 'Escape') {
      setOpen(false);
      button.current?.focus();
    } else if (e.key === 'Tab') setOpen(false);
    else return;
    if (e.key !== 'Tab') e.preventDefault();
  };
  const pick = (key: string) => {
    setOpen(false);
    onPick(key);
  };
  return (
    <div ref={wrapper} className="admin-account">
      <button
        ref={button}
        type="button"
        className="admin-header-button"
        data-testid="account-menu"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={() => setOpen((o) => !o)}
        onKeyDown={(e) => {
          if (e.key === 'ArrowDown' && !open) {
            e.preventDefault();
            setOpen(true);
          }
        }}
      >
        {children}
      </button>
      {open && (
        <ul id={menuId} role="menu" aria-label="アカウント" className="admin-account-menu" onKeyDown={onMenuKey}>
          {items.map((i) => (
            <li
              key={i.key}
              role="menuitem"
              tabIndex={-1}
              onClick={() => pick(i.key)}
              onKeyDown={(e) => {
                if (e.key === 'Enter' || e.key === ' ') {
                  e.preventDefault();
                  pick(i.key);
                }
              }}
            >
              <PlainIcon paths={i.icon} />
              {i.label}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/** The teacher's picture, or the first character of the name when there is none (or it fails). */
function Avatar({ src, name }: { src: string | null | undefined; name: string }) {
  const [failed, setFailed] = useState(false);
  return (
    <span className="admin-avatar" aria-hidden="true">
      {src && !failed ? <img src={src} alt="" onError={() => setFailed(true)} /> : name.slice(0, 1)}
    </span>
  );
}

/**
 * The signed-in frame: header with avatar, name and menu; left menu; back button.
 * Plain markup in the look of antd's Layout, Menu, Dropdown, Badge and Avatar: the frame is part
 * of the first view after sign-in, which loads no antd (docs/architecture.md, First view); the
 * screens built with antd load it with their own chunk.
 */
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
  const noticeTotal = useNewNoticeTotal(Boolean(session)).data;
  const unread = noticeTotal?.new_msg_num ?? 0;
  // The bell opens the operator's notices when only they are unread.
  const noticesHref =
    noticeTotal && !noticeTotal.homework_msg_num && noticeTotal.system_msg_num
      ? `${paths.notices.path}?tab=system`
      : paths.notices.path;

  const user = session?.user;
  const liveUrl = info.data?.live_lesson_url ?? null;
  const entries = useMemo(
    () => buildMenu(menu, { showLive: Boolean(user?.showLive), hasLiveUrl: Boolean(liveUrl), hasRoute }),
    [user?.showLive, liveUrl],
  );
  if (!user) return <PlainSpin />;

  const accountItems: AccountItem[] = [
    ...(user.type !== 'guest' && hasRoute(paths.person.path)
      ? [{ key: 'person', icon: userOutlined, label: 'アカウント設定' }]
      : []),
    ...(hasRoute(paths.downloadManage.path)
      ? [{ key: 'downloads', icon: downloadOutlined, label: 'ダウンロード管理' }]
      : []),
    { key: 'logout', icon: logoutOutlined, label: 'ログアウト' },
  ];
  const onAccountPick = (key: string) => {
    if (key === 'logout') void forgetPushToken().then(logout);
    if (key === 'person') void navigate(paths.person.path);
    if (key === 'downloads') void navigate(paths.downloadManage.path);
  };

  return (
    <div className="admin-layout">
      <aside className="admin-sider">
        <div className="admin-brand">音読 Ondoku</div>
        <SideMenu
          entries={entries}
          selected={handle?.menu ?? pathname}
          onLive={() => {
            if (liveUrl) openExternal(liveUrl);
          }}
        />
      </aside>
      <div className="admin-main">
        <header className="admin-header">
          <div className="admin-header-side">
            {(handle?.level ?? 0) > 0 && (
              <PlainButton
                icon={<PlainIcon paths={arrowLeftOutlined} />}
                onClick={() => void navigate(previousRoute(pathname) ?? paths.homeworkList.path)}
                aria-label="戻る"
              >
                戻る
              </PlainButton>
            )}
            {/* antd's Title level 4 look, without Typography's tooltip and editing code */}
            <h4 className="admin-title">{handle?.title}</h4>
          </div>
          <div className="admin-header-side admin-header-tools">
            <button
              type="button"
              className="admin-header-button admin-bell"
              aria-label={unread ? `お知らせ（未読${unread}件）` : 'お知らせ'}
              onClick={() => void navigate(noticesHref)}
            >
              <span className="admin-badge-anchor">
                <PlainIcon paths={bellOutlined} style={{ fontSize: 20 }} />
                {unread > 0 && (
                  <span className="admin-badge" aria-hidden="true">
                    {unread > 99 ? '99+' : unread}
                  </span>
                )}
              </span>
            </button>
            {hasRoute(paths.explain.path) && (
              <button
                type="button"
                className="admin-header-button"
                aria-label="使い方ガイド"
                title="使い方ガイド"
                onClick={() => void navigate(paths.explain.path)}
              >
                <PlainIcon paths={questionCircleOutlined} style={{ fontSize: 20 }} />
              </button>
            )}
            <AccountMenu items={accountItems} onPick={onAccountPick}>
              <Avatar src={user.avatar} name={user.nickname} />
              <span>{user.nickname}</span>
              <PlainIcon paths={downOutlined} />
            </AccountMenu>
          </div>
        </header>
        <main className="admin-content">
          <KeepAliveOutlet />
        </main>
      </div>
    </div>
  );
}
