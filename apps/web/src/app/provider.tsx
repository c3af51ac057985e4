import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { ConfigProvider } from 'antd';
import jaJP from 'antd/es/locale/ja_JP';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { SystemStatusGate } from '../features/system/components/system-status-gate';
import { onNotifierNeeded } from '../lib/notify';
import './global.css';

const NotifierHost = lazy(() => import('./notifier-host'));

/**
 * Mounts the notifier's antd App once the browser is idle after the first view, or at once when
 * a toast, alert or confirmation is wanted before that: the first view does not wait for it.
 */
function NotifierSlot() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onNotifierNeeded(() => setWanted(true)), []);
  useEffect(() => {
    const mount = () => setWanted(true);
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(mount, { timeout: 2000 });
      return () => window.cancelIdleCallback(id);
    }
    const id = window.setTimeout(mount, 200);
    return () => window.clearTimeout(id);
  }, []);
  return wanted ? (
    <Suspense fallback={null}>
      <NotifierHost />
    </Suspense>
  ) : null;
}

export function AppProvider({ children }: { children: ReactNode }) {
  const [queryClient] = useState(
    () =>
      new QueryClient({
        // The request layer already offers retries to the teacher; react-query must not add its own.
        defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false, staleTime: 30_000 } },
      }),
  );
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
        components: { Menu: { itemSelectedBg: '#e3f1ea', itemSelectedColor: '#1f7a5c' } },
      }}
    >
      <NotifierSlot />
      <QueryClientProvider client={queryClient}>
        <SystemStatusGate>{children}</SystemStatusGate>
      </QueryClientProvider>
    </ConfigProvider>
  );
}
