import type { SystemStatusReply } from '@ondoku/contract';
import { Button, Modal, Result } from 'antd';
import { useState } from 'react';
import { AntdTheme } from '../../../components/ui/antd-theme';
import { exitApp } from '../../../lib/native-bridge';

/** Status 0: a blocking alert about a system failure with an exit-app button. */
export function DisabledNotice({ status }: { status: SystemStatusReply }) {
  const [exitTried, setExitTried] = useState(false);
  return (
    // Mounted outside the routes (and so outside the router's AntdFrame): the theme of its own.
    <AntdTheme>
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
    </AntdTheme>
  );
}

/** Status 1: an alert with a return button, after which the app continues. */
export function TipsNotice({ status }: { status: SystemStatusReply }) {
  const [open, setOpen] = useState(true);
  return (
    <AntdTheme>
      <Modal
        open={open}
        closable={false}
        maskClosable={false}
        centered
        title={status.title || 'お知らせ'}
        footer={
          <Button type="primary" onClick={() => setOpen(false)}>
            戻る
          </Button>
        }
      >
        <p style={{ whiteSpace: 'pre-wrap' }}>{status.message}</p>
      </Modal>
    </AntdTheme>
  );
}
