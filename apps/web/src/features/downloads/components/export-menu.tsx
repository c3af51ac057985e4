import { DownOutlined, FileExcelOutlined, MailOutlined } from '@ant-design/icons';
import {
  downloadKindLabels,
  emailField,
  homeworkDownloadKinds,
  type HomeworkDownloadKind,
  type DownloadTaskRow,
} from '@ondoku/contract';
import { Button, Dropdown, Form, Input, Modal, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useSession } from '../../../lib/session';
import { saveTaskFile, useCreateDownloadTask, useDownloadTasks, useSendResultsMail } from '../api';

/**
 * 「Excelで書き出す」 for one homework: the teacher picks what to export; a download task is made
 * (so a large class never waits on a request) and a small window follows its progress and saves
 * the file when it is ready. Closing the window leaves the task running: the file stays in
 * ダウンロード管理.
 */
export function ExportMenu({ homeworkId, disabled }: { homeworkId: number; disabled?: boolean }) {
  const create = useCreateDownloadTask();
  const [task, setTask] = useState<DownloadTaskRow | null>(null);
  const tasks = useDownloadTasks({ page: 1, limit: 20 });
  const current = task ? (tasks.data?.rows.find((r) => r.task_id === task.task_id) ?? task) : null;
  /** The task whose file was saved already (once per task). */
  const saved = useRef<number | null>(null);

  useEffect(() => {
    if (current?.status === 'processing') void tasks.refetch();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- start polling once a task is made
  }, [current?.task_id]);

  useEffect(() => {
    if (current?.status !== 'finished' || saved.current === current.task_id) return;
    saved.current = current.task_id;
    saveTaskFile(current.task_id, current.file_name ?? 'download.xlsx').catch(() => {});
  }, [current]);

  const start = (kind: HomeworkDownloadKind) =>
    create.mutate({ kind, homework_id: homeworkId }, { onSuccess: (r) => setTask(r.task) });
  const session = useSession();
  const canMail = session?.user.type !== 'guest';
  const [mailing, setMailing] = useState(false);
  const send = useSendResultsMail();
  const [form] = Form.useForm<{ email: string }>();
  const submitMail = async () => {
    const { email } = await form.validateFields();
    const r = await send.mutateAsync({ homework_id: homeworkId, email });
    notify.success(`${r.email} に結果を送信しました。`);
    setMailing(false);
  };

  return (
    <>
      <Dropdown
        disabled={disabled}
        menu={{
          items: [
            ...homeworkDownloadKinds.map((kind) => ({ key: kind, label: downloadKindLabels[kind] })),
            ...(canMail
              ? [{ type: 'divider' as const }, { key: 'mail', icon: <MailOutlined />, label: 'メールで送る' }]
              : []),
          ],
          onClick: ({ key }) => {
            if (key === 'mail') {
              form.setFieldsValue({ email: session?.user.email ?? '' });
              setMailing(true);
            } else start(key as HomeworkDownloadKind);
          },
        }}
      >
        <Button icon={<FileExcelOutlined />} loading={create.isPending}>
          Excelで書き出す <DownOutlined />
        </Button>
      </Dropdown>
      <Modal
        open={mailing}
        title="結果をメールで送る"
        okText="送信"
        cancelText="キャンセル"
        confirmLoading={send.isPending}
        onOk={() => void submitMail().catch(() => {})}
        onCancel={() => setMailing(false)}
        destroyOnHidden
      >
        <p>生徒別の得点と課題別の集計（Excel）を添付して送ります。児童の氏名と得点が含まれます。</p>
        <Form form={form} layout="vertical" preserve={false}>
          <Form.Item label="送信先メールアドレス" name="email" rules={[zodRule(emailField)]}>
            <Input type="email" autoComplete="email" />
          </Form.Item>
        </Form>
      </Modal>
      <Modal
        open={current !== null}
        title={current?.title}
        onCancel={() => setTask(null)}
        footer={[
          <Link key="manage" to={paths.downloadManage.path}>
            <Button>ダウンロード管理を開く</Button>
          </Link>,
          <Button key="close" type="primary" onClick={() => setTask(null)}>
            閉じる
          </Button>,
        ]}
      >
        {current?.status === 'processing' && (
          <>
            <p>ファイルを作成しています。閉じても作成は続き、ダウンロード管理から受け取れます。</p>
            <Progress percent={current.progress} aria-label="作成の進み具合" />
          </>
        )}
        {current?.status === 'finished' && (
          <p data-testid="export-ready">
            「{current.file_name}
            」を保存しました。保存されない場合は、ダウンロード管理からもう一度ダウンロードできます。
          </p>
        )}
        {current?.status === 'failed' && (
          <p style={{ color: '#cf1322' }}>
            {current.error ?? 'ファイルを作成できませんでした。'} ダウンロード管理から再試行できます。
          </p>
        )}
      </Modal>
    </>
  );
}
