import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { App as AntApp, ConfigProvider } from 'antd';
import jaJP from 'antd/es/locale/ja_JP';
import { useEffect, useState, type ReactNode } from 'react';
import { SystemStatusGate } from '../features/system/components/system-status-gate';
import '../lib/dates';
import { registerNotifier } from '../lib/notify';
import './global.css';

function NotifierBridge() {
  const app = AntApp.useApp();
  useEffect(() => registerNotifier(app), [app]);
  return null;
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
      <AntApp>
        <NotifierBridge />
        <QueryClientProvider client={queryClient}>
          <SystemStatusGate>{children}</SystemStatusGate>
        </QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
