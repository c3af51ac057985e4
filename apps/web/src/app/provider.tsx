import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { useEffect, useState, type ComponentType, type ReactNode } from 'react';
import { SystemStatusGate } from '../features/system/components/system-status-gate';
import { notifierHostFailed, onNotifierNeeded } from '../lib/notify';
import './global.css';

/**
 * Mounts the notifier's antd App when a toast, alert or confirmation is wanted, or when an antd
 * screen asks for it ahead of time (AntdFrame, once the browser is idle): the login page does not
 * load antd unless it has something to say.
 */
function NotifierSlot() {
  const [wanted, setWanted] = useState(false);
  const [Host, setHost] = useState<ComponentType | null>(null);
  useEffect(() => onNotifierNeeded(() => setWanted(true)), []);
  useEffect(() => {
    if (!wanted || Host) return;
    let live = true;
    import('./notifier-host').then(
      (m) => live && setHost(() => m.default),
      // Offline at the first message: it is shown plainly, and the next message tries again.
      () => {
        if (!live) return;
        notifierHostFailed();
        setWanted(false);
      },
    );
    return () => {
      live = false;
    };
  }, [wanted, Host]);
  return Host ? <Host /> : null;
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
    <>
      <NotifierSlot />
      <QueryClientProvider client={queryClient}>
        <SystemStatusGate>{children}</SystemStatusGate>
      </QueryClientProvider>
    </>
  );
}
