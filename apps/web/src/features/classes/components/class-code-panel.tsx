import { ReloadOutlined } from '@ant-design/icons';
import { classJoinUrl } from '@ondoku/contract';
import { Alert, Button, Card, Modal, Skeleton, Space, Typography } from 'antd';
import { lazy, Suspense } from 'react';
import { notify } from '../../../lib/notify';
import { useClassCode, useRenewClassCode } from '../api';

const ClassQr = lazy(() => import('./class-qr'));

/**
 * The class code of /manage-class/:classId: the code in large type, its QR code (the students'
 * app join URL, docs/classes.md), whether joining is open, and 「コードを再発行」 with a confirmation.
 */
export function ClassCodePanel({ classId }: { classId: number }) {
  const { data } = useClassCode(classId);
  const renew = useRenewClassCode();
  const [modal, holder] = Modal.useModal();
  if (!data) return <Skeleton active paragraph={{ rows: 1 }} />;
  const url = classJoinUrl(window.location.origin, data.code);
  const confirmRenew = () =>
    modal.confirm({
      title: 'クラスコードを再発行しますか？',
      content: `今のコード「${data.code}」とそのQRコードは使えなくなります。印刷したログインカードやQRコードは配り直してください。すでに参加している生徒はそのままです。`,
      okText: '再発行する',
      cancelText: 'キャンセル',
      onOk: async () => {
        const r = await renew.mutateAsync({ team_id: classId });
        notify.success(`新しいクラスコードは「${r.code}」です。`);
      },
    });
  return (
    <Card size="small" style={{ marginBottom: 16 }} title="クラスコード" data-testid="class-code-panel">
      <div style={{ display: 'flex', gap: 24, alignItems: 'center' }}>
        <Suspense fallback={<div style={{ width: 104, height: 104 }} />}>
          <ClassQr url={url} size={104} />
        </Suspense>
        <div style={{ flex: 1 }}>
          <div
            data-testid="class-code"
            style={{ fontFamily: "'DejaVu Sans Mono', Consolas, monospace", fontSize: 32, letterSpacing: '0.2em' }}
          >
            {data.code}
          </div>
          <Typography.Paragraph type="secondary" style={{ margin: '4px 0 8px' }}>
            生徒アプリの「クラスに参加」でこのコードを入力するか、QRコードを読み取ると、このクラスに参加できます。
            参加できるのは、この先生の生徒だけです。
          </Typography.Paragraph>
          {data.allow_join !== 1 && (
            <Alert
              type="warning"
              showIcon
              style={{ marginBottom: 8 }}
              title="参加を停止中です。このコードでは参加できません（クラスを編集して「参加」をオンにすると再開します）。"
            />
          )}
          <Space>
            <Button icon={<ReloadOutlined />} loading={renew.isPending} onClick={confirmRenew}>
              コードを再発行
            </Button>
          </Space>
        </div>
      </div>
      {holder}
    </Card>
  );
}
