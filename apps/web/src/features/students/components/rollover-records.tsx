import { DownloadOutlined } from '@ant-design/icons';
import type { RolloverRow } from '@ondoku/contract';
import { Button, Card, Table } from 'antd';
import { useState } from 'react';
import { readFailure } from '../../../components/ui/load-state';
import { formatDateTime } from '../../../lib/dates';
import { useRolloverRows } from '../api';
import { downloadRolloverReportXlsx } from '../api/export-students';

/**
 * 「記録をExcelでダウンロード」: the report of a committed roll-over as xlsx (what moved where,
 * graduates, last year's classes). One download at a time per button: a double click saves once.
 */
export function RolloverReportButton({
  rolloverId,
  label = '記録をExcelでダウンロード',
}: {
  rolloverId: number;
  label?: string;
}) {
  const [busy, setBusy] = useState(false);
  return (
    <Button
      icon={<DownloadOutlined />}
      loading={busy}
      onClick={() => {
        if (busy) return;
        setBusy(true);
        void downloadRolloverReportXlsx(rolloverId)
          .catch(() => {})
          .finally(() => setBusy(false));
      }}
    >
      {label}
    </Button>
  );
}

/** 年度更新の記録: every committed roll-over of the teacher, newest first, each report downloadable. */
export function RolloverRecords() {
  const query = useRolloverRows();
  const failed = readFailure(query);
  return (
    <Card title="年度更新の記録" style={{ marginTop: 16 }}>
      {failed ?? (
        <Table<RolloverRow>
          rowKey="rollover_id"
          size="middle"
          loading={query.isLoading}
          pagination={false}
          dataSource={query.data?.rows ?? []}
          locale={{ emptyText: 'まだ年度更新をしていません。' }}
          columns={[
            { title: '実行日時', dataIndex: 'committed_at', render: (v: string) => formatDateTime(v) },
            { title: '進級・クラス替え', dataIndex: 'moved_count', render: (v: number) => `${v}人` },
            { title: '卒業', dataIndex: 'graduate_count', render: (v: number) => `${v}人` },
            { title: '新しいクラス', dataIndex: 'created_count', render: (v: number) => `${v}クラス` },
            { title: '昨年度のクラス', dataIndex: 'archived_count', render: (v: number) => `${v}クラス` },
            {
              title: '記録',
              key: 'download',
              width: 150,
              render: (_: unknown, r) => <RolloverReportButton rolloverId={r.rollover_id} label="Excelで保存" />,
            },
          ]}
        />
      )}
    </Card>
  );
}
