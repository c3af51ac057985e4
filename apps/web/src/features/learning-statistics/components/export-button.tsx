import { FileExcelOutlined } from '@ant-design/icons';
import type { CallInput, DownloadTaskRow, exportLearningStatistics } from '@ondoku/contract';
import { Button, Modal, Progress } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { paths } from '../../../config/paths';
import { saveStatisticsFile, useExportStatistics, useStatisticsTask } from '../api';

/**
 * エクセルで出力 of a statistics screen: a download task with the screen's choices; the window
 * follows it and saves the file when it is made (it is also on the download list).
 */
export function ExportButton({ input }: { input: CallInput<typeof exportLearningStatistics> | null }) {
  const exporting = useExportStatistics();
  const [task, setTask] = useState<DownloadTaskRow | null>(null);
  return (
    <>
      <Button
        icon={<FileExcelOutlined />}
        disabled={input === null}
        loading={exporting.isPending}
        onClick={() => input && exporting.mutate(input, { onSuccess: (r) => setTask(r.task) })}
      >
        エクセルで出力
      </Button>
      <TaskWindow task={task} onClose={() => setTask(null)} />
    </>
  );
}

function TaskWindow({ task, onClose }: { task: DownloadTaskRow | null; onClose(): void }) {
  const state = useStatisticsTask(task?.task_id ?? null);
  const current = task ? (state.data ?? task) : null;
  const saved = useRef<number | null>(null);
  useEffect(() => {
    if (current?.status !== 'finished' || saved.current === current.task_id) return;
    saved.current = current.task_id;
    saveStatisticsFile(current.task_id, current.file_name ?? 'statistics.xlsx').catch(() => {});
  }, [current]);
  return (
    <Modal
      open={current !== null}
      title={current?.title}
      onCancel={onClose}
      footer={[
        <Link key="manage" to={paths.downloadManage.path}>
          <Button>ダウンロード管理を開く</Button>
        </Link>,
        <Button key="close" type="primary" onClick={onClose}>
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
          「{current.file_name}」を保存しました。保存されない場合は、ダウンロード管理からもう一度ダウンロードできます。
        </p>
      )}
      {current?.status === 'failed' && (
        <p style={{ color: '#cf1322' }} data-testid="export-failed">
          {current.error ?? 'ファイルを作成できませんでした。'} ダウンロード管理から再試行できます。
        </p>
      )}
    </Modal>
  );
}
