import { ConfigProvider } from 'antd';
import jaJP from 'antd/es/locale/ja_JP';
import { useEffect, type ReactNode } from 'react';
import { Outlet } from 'react-router';
import { wantNotifierHost } from '../../lib/notify';

/**
 * antd's Japanese locale and the app's theme. Not in the entry: the login page is plain markup
 * (docs/architecture.md, First view), so antd's ConfigProvider and cssinjs load with the first
 * screen that uses antd — through `AntdScreen` and `AntdFrame` in the router, and around the
 * notifier host and the system notices, which mount outside the routes.
 */
export function AntdTheme({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider
      locale={jaJP}
      // antd spaces out two-character CJK labels (「作 成」); Japanese buttons read without it.
      button={{ autoInsertSpace: false }}
      theme={{
        token: {
          colorPrimary: '#1f7a5c',
          fontFamily:
            "-apple-system, BlinkMacSystemFont, 'Segoe UI', Roboto, 'Hiragino Sans', 'Hiragino Kaku Gothic ProN', 'BIZ UDPGothic', 'Noto Sans JP', 'Noto Sans CJK JP', Meiryo, 'IPAPGothic', 'IPAexGothic', sans-serif",
          borderRadius: 8,
        },
        // antd menus inside screens; the left menu of the admin frame is plain (app/layouts/admin-layout.css).
        components: { Menu: { itemSelectedBg: '#e3f1ea', itemSelectedColor: '#1f7a5c' } },
      }}
    >
      {children}
    </ConfigProvider>
  );
}

/**
 * antd's theme around one screen built with antd (the admin frame's screens, the
 * forgotten-password screen, the printable pages). Once such a screen is up and the browser is
 * idle, it mounts the notifier's antd App, so the first toast of a screen shows at once (and still
 * shows when the network has gone away meanwhile). The homework list, the first view after sign-in,
 * is plain markup and loads the notifier on its first message instead.
 */
export function AntdScreen({ children }: { children: ReactNode }) {
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(wantNotifierHost, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(wantNotifierHost, 200);
    return () => window.clearTimeout(id);
  }, []);
  return <AntdTheme>{children}</AntdTheme>;
}

/** AntdScreen as a route layout (the forgotten-password screen, the printable pages). */
export function AntdFrame() {
  return (
    <AntdScreen>
      <Outlet />
    </AntdScreen>
  );
}
