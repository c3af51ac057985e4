import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import { studentLimits } from '@ondoku/contract';
import { Alert, Button, Modal, Progress, Space, Table, Typography, Upload } from 'antd';
import { downloadImportTemplate } from '../api/export-students';
import { useImportStudents } from '../api/import-students';

/**
 * Import students from an Excel or CSV file: into one class (classId), or into the classes named
 * in the file's クラス column. All rows or none; bad rows are listed with their row numbers.
 */
export function ImportModal({ open, classId, onClose }: { open: boolean; classId?: number; onClose(): void }) {
  const imp = useImportStudents(classId);
  const busy = imp.stage === 'uploading' || imp.stage === 'processing';
  const close = () => {
    if (busy) return;
    imp.reset();
    onClose();
  };
  const result = imp.result;
  return (
    <Modal
      open={open}
      title={classId ? 'ファイルから生徒を取り込む' : 'ファイルから生徒を一括で取り込む'}
      onCancel={close}
      footer={
        <Button onClick={close} disabled={busy}>
          閉じる
        </Button>
      }
      width={720}
      destroyOnHidden
    >
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Typography.Paragraph style={{ marginBottom: 0 }}>
          テンプレートに入力した Excel（.xlsx）または CSV（UTF-8・Shift_JIS）ファイルを選んでください。
          {classId ? '' : '「クラス」列のクラスに入ります（無いクラスは作成されます）。'}
          1つでも誤りがあると、1人も取り込まれません。{studentLimits.import.maxRows.toLocaleString()}人・5MBまで。
        </Typography.Paragraph>
        <Button icon={<DownloadOutlined />} onClick={() => void downloadImportTemplate(!classId).catch(() => {})}>
          テンプレートをダウンロード
        </Button>
        <Upload.Dragger
          accept=".xlsx,.csv"
          multiple={false}
          showUploadList={false}
          disabled={busy}
          beforeUpload={(file) => {
            void imp.run(file);
            return false;
          }}
        >
          <p className="ant-upload-drag-icon">
            <InboxOutlined />
          </p>
          <p className="ant-upload-text">クリックまたはドラッグしてファイルを選択</p>
        </Upload.Dragger>
        {busy && (
          <div data-testid="import-progress">
            <Progress percent={imp.percent} status="active" />
            <Typography.Text type="secondary">
              {imp.stage === 'uploading' ? 'アップロードしています…' : '内容を確認して登録しています…'}
            </Typography.Text>
          </div>
        )}
        {result && result.errors.length === 0 && (
          <Alert
            type="success"
            showIcon
            message={`${result.imported}人の生徒を取り込みました。`}
            description={
              result.created_teams.length ? `新しく作成したクラス：${result.created_teams.join('、')}` : undefined
            }
          />
        )}
        {result && result.errors.length === 0 && result.notices.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginTop: 8 }}
            message="取り込み時に修正した行があります"
            description={
              <ul style={{ margin: 0, paddingInlineStart: 20 }}>
                {result.notices.map((n) => (
                  <li key={n.row}>{`${n.row}行目${n.student_id ? `（${n.student_id}）` : ''}：${n.message}`}</li>
                ))}
              </ul>
            }
          />
        )}
        {result && result.errors.length > 0 && (
          <>
            <Alert
              type="error"
              showIcon
              message={`${new Set(result.errors.map((e) => e.row)).size}行に誤りがあるため、取り込みませんでした。`}
              description="下の内容を修正して、もう一度ファイルを選んでください。"
            />
            <Table
              size="small"
              rowKey={(e, i) => `${e.row}-${i}`}
              dataSource={result.errors}
              pagination={result.errors.length > 10 ? { pageSize: 10, showSizeChanger: false } : false}
              columns={[
                { title: '行', dataIndex: 'row', width: 60 },
                { title: '生徒ID', dataIndex: 'student_id', width: 140 },
                { title: '内容', dataIndex: 'message' },
              ]}
            />
          </>
        )}
      </Space>
    </Modal>
  );
}
