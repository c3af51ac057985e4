import { DeleteOutlined, DownloadOutlined, ReloadOutlined } from '@ant-design/icons';
import { downloadLimits, downloadStatusLabels, type DownloadStatus, type DownloadTaskRow } from '@ondoku/contract';
import { Button, Checkbox, Modal, Progress, Segmented, Tag } from 'antd';
import { useState } from 'react';
import { panel } from '@ondoku/ui';
import { ListContainer } from '../../../components/ui/list-container';
import { useListState } from '../../../components/ui/use-list-state';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { saveTaskFile, useDeleteDownloadTasks, useDownloadTasks, useRetryDownloadTask } from '../api';

const muted = { color: 'rgba(0,0,0,0.55)' } as const;
const statusColor: Record<DownloadStatus, string> = { processing: 'processing', finished: 'success', failed: 'error' };

const sizeText = (bytes: number | null) =>
  bytes === null
    ? ''
    : bytes < 1024 * 1024
      ? `${Math.max(1, Math.round(bytes / 1024))} KB`
      : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

type Filter = 'all' | DownloadStatus;

/**
 * /download-manage (docs/downloads.md): the teacher's export files as tasks — 作成中 with progress
 * (the list refreshes itself while any is being made), 完了 with its file, 失敗 with 再試行 —
 * and deletion with a confirmation. Files are kept for downloadLimits.keepDays days.
 */
export function DownloadManage() {
  const list = useListState('downloads', { pageSize: downloadLimits.pageSize, filters: { status: 'all' as Filter } });
  const status = list.filters.status === 'all' ? undefined : list.filters.status;
  const query = useDownloadTasks({ page: list.page, limit: list.pageSize, status });
  const retry = useRetryDownloadTask();
  const remove = useDeleteDownloadTasks();
  const [selected, setSelected] = useState<number[]>([]);
  const [saving, setSaving] = useState<number | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const rows = query.data?.rows ?? [];

  const save = async (row: DownloadTaskRow) => {
    setSaving(row.task_id);
    try {
      await saveTaskFile(row.task_id, row.file_name ?? 'download.xlsx');
    } catch {
      // The request layer has told the teacher.
    } finally {
      setSaving(null);
    }
  };

  const confirmDelete = (ids: number[]) =>
    modal.confirm({
      title: ids.length === 1 ? 'このファイルを削除しますか？' : `${ids.length}件のファイルを削除しますか？`,
      content: '削除したファイルは元に戻せません。必要なときは、もう一度作成できます。',
      okText: '削除',
      okButtonProps: { danger: true },
      cancelText: 'キャンセル',
      onOk: async () => {
        const r = await remove.mutateAsync({ task_ids: ids });
        setSelected((s) => s.filter((id) => !ids.includes(id)));
        notify.success(`${r.count}件を削除しました。`);
      },
    });

  return (
    <div style={{ maxWidth: 960 }}>
      {modalHolder}
      <p style={{ ...muted, marginTop: 0 }}>
        宿題の結果などのExcelファイルを作成します。作成したファイルは{downloadLimits.keepDays}
        日間ここからダウンロードでき、その後は自動で削除されます。
      </p>
      <div style={{ display: 'flex', gap: 12, alignItems: 'center', marginBottom: 12, flexWrap: 'wrap' }}>
        <Segmented<Filter>
          aria-label="状態"
          value={list.filters.status}
          onChange={(v) => {
            setSelected([]);
            list.setFilters({ status: v });
          }}
          options={[
            { value: 'all', label: 'すべて' },
            { value: 'processing', label: downloadStatusLabels.processing },
            { value: 'finished', label: downloadStatusLabels.finished },
            { value: 'failed', label: downloadStatusLabels.failed },
          ]}
        />
        <span style={{ flex: 1 }} />
        <Button
          icon={<DeleteOutlined />}
          danger
          disabled={selected.length === 0}
          onClick={() => confirmDelete(selected)}
        >
          選択したファイルを削除{selected.length ? `（${selected.length}件）` : ''}
        </Button>
      </div>
      <ListContainer
        query={query}
        total={query.data?.total ?? 0}
        list={list}
        totalText={(n) => `全${n}件`}
        emptyText={
          status
            ? `${downloadStatusLabels[status]}のファイルはありません。`
            : 'まだファイルはありません。宿題の結果画面の「Excelで書き出す」から作成できます。'
        }
      >
        <div style={{ ...panel, padding: 0 }}>
          {rows.map((r) => (
            <div
              key={r.task_id}
              data-testid="download-task"
              style={{
                display: 'flex',
                alignItems: 'center',
                gap: 12,
                padding: '12px 16px',
                borderBottom: '1px solid #f0f0f0',
              }}
            >
              <Checkbox
                aria-label={`${r.title}を選択`}
                checked={selected.includes(r.task_id)}
                onChange={(e) =>
                  setSelected((s) => (e.target.checked ? [...s, r.task_id] : s.filter((id) => id !== r.task_id)))
                }
              />
              <div style={{ flex: 1, minWidth: 0 }}>
                <div style={{ display: 'flex', gap: 8, alignItems: 'center' }}>
                  <Tag color={statusColor[r.status]}>{downloadStatusLabels[r.status]}</Tag>
                  <strong style={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
                    {r.title}
                  </strong>
                </div>
                <div style={{ ...muted, fontSize: 13, marginTop: 4 }}>
                  作成 {formatDateTime(r.created_at)}
                  {r.status === 'finished' && (
                    <>
                      <span style={{ margin: '0 8px' }}>|</span>
                      {r.file_name}（{sizeText(r.size_bytes)}）<span style={{ margin: '0 8px' }}>|</span>
                      {formatDateTime(r.expires_at)}まで
                    </>
                  )}
                  {r.status === 'failed' && r.error && (
                    <>
                      <span style={{ margin: '0 8px' }}>|</span>
                      <span style={{ color: '#cf1322' }}>{r.error}</span>
                    </>
                  )}
                </div>
                {r.status === 'processing' && (
                  <Progress
                    percent={r.progress}
                    size="small"
                    style={{ maxWidth: 320, margin: '4px 0 0' }}
                    aria-label="作成の進み具合"
                  />
                )}
              </div>
              {r.status === 'finished' && (
                <Button
                  type="primary"
                  icon={<DownloadOutlined />}
                  loading={saving === r.task_id}
                  onClick={() => void save(r)}
                >
                  ダウンロード
                </Button>
              )}
              {r.status === 'failed' && (
                <Button
                  icon={<ReloadOutlined />}
                  loading={retry.isPending && retry.variables?.task_id === r.task_id}
                  onClick={() => retry.mutate({ task_id: r.task_id })}
                >
                  再試行
                </Button>
              )}
              <Button
                aria-label={`${r.title}を削除`}
                icon={<DeleteOutlined />}
                onClick={() => confirmDelete([r.task_id])}
              />
            </div>
          ))}
        </div>
      </ListContainer>
    </div>
  );
}
