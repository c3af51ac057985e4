import { SystemStatus, type SystemStatusReply } from '@ondoku/contract';
import { Button, Modal, Result } from 'antd';
import { useEffect, useState, type ReactNode } from 'react';
import { exitApp, isNativeApp } from '../../../lib/native-bridge';
import { fetchSystemStatus } from '../api/get-system-status';

/**
 * Spec §2 start-up: outside the native wrapper, the operations status decides what happens:
 * 0 → a blocking alert about a system failure with an exit-app button; 1 → an alert with a
 * return button, after which the app continues; 2 → normal.
 */
export function SystemStatusGate({ children }: { children: ReactNode }) {
  const [status, setStatus] = useState<SystemStatusReply | null>(
    isNativeApp() ? { status: 2, title: '', message: '' } : null,
  );
  const [tipsOpen, setTipsOpen] = useState(true);
  const [exitTried, setExitTried] = useState(false);

  useEffect(() => {
    if (status) return;
    void fetchSystemStatus().then(setStatus);
  }, [status]);

  if (!status) return null;
  if (status.status === SystemStatus.DISABLED) {
    return (
      <Modal open closable={false} maskClosable={false} keyboard={false} footer={null} centered>
        <Result
          status="error"
          title={status.title || 'システム障害のお知らせ'}
          subTitle={status.message || '現在、システム障害のためご利用いただけません。復旧までしばらくお待ちください。'}
          extra={
            <>
              <Button
                type="primary"
                danger
                onClick={() => {
                  exitApp();
                  setExitTried(true);
                }}
              >
                アプリを終了
              </Button>
              {exitTried && <p style={{ marginTop: 12 }}>このタブ（ウィンドウ）を閉じてください。</p>}
            </>
          }
        />
      </Modal>
    );
  }
  return (
    <>
      {status.status === SystemStatus.TIPS && (
        <Modal
          open={tipsOpen}
          closable={false}
          maskClosable={false}
          centered
          title={status.title || 'お知らせ'}
          footer={
            <Button type="primary" onClick={() => setTipsOpen(false)}>
              戻る
            </Button>
          }
        >
          <p style={{ whiteSpace: 'pre-wrap' }}>{status.message}</p>
        </Modal>
      )}
      {children}
    </>
  );
}
