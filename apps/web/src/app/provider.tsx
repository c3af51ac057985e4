import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { SystemStatusGate } from '../features/system/components/system-status-gate';
import { onNotifierNeeded } from '../lib/notify';
import './global.css';

const NotifierHost = lazy(() => import('./notifier-host'));

/**
 * Mounts the notifier's antd App when a toast, alert or confirmation is wanted, or when an antd
 * screen asks for it ahead of time (AntdFrame, once the browser is idle): the login page does not
 * load antd unless it has something to say.
 */
function NotifierSlot() {
  const [wanted, setWanted] = useState(false);
  useEffect(() => onNotifierNeeded(() => setWanted(true)), []);
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
    <>
      <NotifierSlot />
      <QueryClientProvider client={queryClient}>
        <SystemStatusGate>{children}</SystemStatusGate>
      </QueryClientProvider>
    </>
  );
}
