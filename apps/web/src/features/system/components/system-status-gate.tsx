import { SystemStatus, type SystemStatusReply } from '@ondoku/contract';
import { lazy, Suspense, useEffect, useState, type ReactNode } from 'react';
import { isNativeApp } from '../../../lib/native-bridge';
import { fetchSystemStatus } from '../api/get-system-status';

// The notices (antd Modal and Result) load only when the status asks for one: the first view
// of a normal day does not pay for them.
const DisabledNotice = lazy(async () => ({ default: (await import('./system-notices')).DisabledNotice }));
const TipsNotice = lazy(async () => ({ default: (await import('./system-notices')).TipsNotice }));

/**
 * Start-up: outside the native wrapper (docs/native-bridge.md), the operations status decides what
 * happens: 0 → a blocking alert about a system failure with an exit-app button; 1 → an alert with a
 * return button, after which the app continues; 2 → normal. The screen renders while the status is
 * asked for, so its own requests go out at the same time (docs/benchmarks.md, "The status check in
 * parallel"); a failure status replaces it when it arrives.
 */
export function SystemStatusGate({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SystemStatusReply | null>(
    isNativeApp() ? { status: 2, title: '', message: '' } : null,
  );

  useEffect(() => {
    if (status) return;
    void fetchSystemStatus().then(setStatus);
  }, [status]);

  if (status?.status === SystemStatus.DISABLED) {
    return (
      <Suspense fallback={null}>
        <DisabledNotice status={status} />
      </Suspense>
    );
  }
  return (
    <>
      {status?.status === SystemStatus.TIPS && (
        <Suspense fallback={null}>
          <TipsNotice status={status} />
        </Suspense>
      )}
      {children}
    </>
  );
}
