import { DownloadOutlined, InboxOutlined } from '@ant-design/icons';
import {
  applicationFields,
  applyLimits,
  applyMessages,
  applyTypeNames,
  rosterKinds,
  type ApplyType,
  type CallOutput,
  type checkApplyRoster,
} from '@ondoku/contract';
import { panel } from '@ondoku/ui';
import { useQueryClient } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Descriptions,
  Form,
  Input,
  Modal,
  Progress,
  Radio,
  Select,
  Table,
  Typography,
  Upload,
} from 'antd';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formRules } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { queryKeys } from '../../../lib/queries';
import {
  checkApplicationFile,
  downloadRosterTemplate,
  sendApplication,
  useApplySelectData,
  type ApplicationUpload,
} from '../api';

const rules = formRules(applicationFields);
const muted = { color: 'rgba(0,0,0,0.55)' } as const;

interface Values {
  apply_type?: ApplyType;
  team_id?: number;
  grade_name?: string;
  teacher_name?: string;
  teacher_email?: string;
  note?: string;
}

type Checked = CallOutput<typeof checkApplyRoster>;
/** Where the file is: being sent to be checked (percent), checked, or refused with a reason. */
type FileState =
  | { stage: 'none' }
  | { stage: 'checking'; file: File; percent: number }
  | { stage: 'checked'; file: File; result: Checked }
  | { stage: 'refused'; file: File; message: string };

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

const kindHelp: Record<ApplyType, string> = {
  new_students:
    '新しいクラスの生徒アカウントを申請します。名簿（テンプレートの「クラス」列に入るクラス名で、無いクラスは作成されます）か、押印済みの申込書（PDF）を添付してください。',
  add_students: '選んだクラスに生徒アカウントを追加します。名簿か、押印済みの申込書（PDF）を添付してください。',
  teacher_account: '同じ学校の先生の教師アカウントを申請します。押印済みの申込書（PDF）を添付してください。',
  renewal: '次年度もアカウントを続けて使うための継続を申請します。押印済みの申込書（PDF）を添付してください。',
};

/** The roster as it will be created, row by row, and what is wrong in it. */
function RosterPreview({ result }: { result: Checked }) {
  if (result.file_kind === 'document') return null;
  return (
    <div data-testid="roster-preview">
      {result.errors.length > 0 ? (
        <Alert
          type="error"
          showIcon
          message={applyMessages.rosterHasErrors(result.errors.length)}
          description={
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
          }
        />
      ) : (
        <Alert type="success" showIcon message={`名簿の${result.rows.length}人を確認しました。誤りはありません。`} />
      )}
      {result.notices.length > 0 && (
        <Alert
          type="warning"
          showIcon
          style={{ marginTop: 8 }}
          message="修正して申請する行があります"
          description={result.notices.map((n) => `${n.row}行目：${n.message}`).join(' ')}
        />
      )}
      {result.errors.length > 0 && result.rows.length > 0 && (
        <Typography.Paragraph style={{ ...muted, margin: '12px 0 0' }}>
          下の一覧は誤りのない行です。
        </Typography.Paragraph>
      )}
      <Table
        style={{ marginTop: 12 }}
        size="small"
        rowKey="row"
        dataSource={result.rows}
        pagination={result.rows.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        columns={[
          { title: '行', dataIndex: 'row', width: 56 },
          { title: '生徒ID', dataIndex: 'student_id' },
          { title: '氏名', dataIndex: 'name' },
          { title: 'ふりがな', dataIndex: 'furigana' },
          { title: '学年', dataIndex: 'grade_name', width: 64 },
          { title: '組', dataIndex: 'class_name', width: 64 },
          { title: '出席番号', dataIndex: 'number', width: 80 },
          { title: 'クラス', dataIndex: 'team_name' },
          {
            title: '初期パスワード',
            dataIndex: 'has_password',
            width: 110,
            render: (v: boolean) => (v ? '名簿のとおり' : '自動で作成'),
          },
        ]}
      />
    </div>
  );
}

/**
 * /account-application-create: a form per kind (the class for additional accounts, the teacher's
 * name and e-mail for a teacher account), the file checked as soon as it is chosen (a roster with
 * the class import's rules, shown row by row; a PDF by its type), a confirmation, then the upload
 * with its progress.
 */
export function ApplicationForm() {
  const select = useApplySelectData();
  const [form] = Form.useForm<Values>();
  const applyType = Form.useWatch('apply_type', form);
  const [fileState, setFileState] = useState<FileState>({ stage: 'none' });
  const [sending, setSending] = useState<number | null>(null);
  const [confirming, setConfirming] = useState<Values | null>(null);
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const kinds = select.data?.apply_types ?? [];
  const kind = kinds.find((k) => k.apply_type === applyType);
  const acceptsRoster = applyType ? rosterKinds.includes(applyType) : false;

  const fieldsOf = (v: Values): Omit<ApplicationUpload, 'file'> => ({
    apply_type: v.apply_type ?? '',
    team_id: v.apply_type === 'add_students' && v.team_id ? String(v.team_id) : undefined,
    grade_name: v.apply_type === 'new_students' ? v.grade_name : undefined,
    teacher_name: v.apply_type === 'teacher_account' ? v.teacher_name : undefined,
    teacher_email: v.apply_type === 'teacher_account' ? v.teacher_email : undefined,
    note: v.note,
  });

  const check = async (file: File) => {
    const v = form.getFieldsValue(true) as Values;
    if (v.apply_type === 'add_students' && !v.team_id) {
      setFileState({ stage: 'refused', file, message: applyMessages.classRequired });
      return;
    }
    setFileState({ stage: 'checking', file, percent: 0 });
    try {
      const result = await checkApplicationFile({ ...fieldsOf(v), file }, (percent) =>
        setFileState((s) => (s.stage === 'checking' && s.file === file ? { ...s, percent } : s)),
      );
      setFileState((s) => (s.stage === 'checking' && s.file === file ? { stage: 'checked', file, result } : s));
    } catch (e) {
      setFileState({ stage: 'refused', file, message: (e as Error).message });
    }
  };

  const ready = fileState.stage === 'checked' && fileState.result.errors.length === 0 && !kind?.pending;

  const send = async (v: Values) => {
    if (fileState.stage !== 'checked') return;
    setSending(0);
    try {
      await sendApplication({ ...fieldsOf(v), file: fileState.file }, setSending);
      await queryClient.invalidateQueries({ queryKey: queryKeys.accountApplications.all });
      notify.success(applyMessages.sent);
      void navigate(paths.accountApplication.path);
    } catch (e) {
      setConfirming(null);
      setFileState({ stage: 'refused', file: fileState.file, message: (e as Error).message });
    } finally {
      setSending(null);
    }
  };

  return (
    <div style={{ maxWidth: 960 }}>
      <Form<Values>
        form={form}
        layout="vertical"
        onValuesChange={(changed: Values) => {
          // Another kind or class is another check of the file.
          if ('apply_type' in changed || 'team_id' in changed) setFileState({ stage: 'none' });
        }}
        onFinish={(v) => setConfirming(v)}
      >
        <div style={{ ...panel, marginBottom: 16 }}>
          <Form.Item
            label="申請の種類"
            name="apply_type"
            rules={[{ required: true, message: applyMessages.typeRequired }]}
          >
            <Radio.Group style={{ display: 'flex', flexDirection: 'column', gap: 8 }}>
              {kinds.map((k) => (
                <Radio key={k.apply_type} value={k.apply_type} disabled={k.pending}>
                  {k.name}
                  {k.pending && <span style={{ ...muted, marginLeft: 8 }}>（申請中です）</span>}
                </Radio>
              ))}
            </Radio.Group>
          </Form.Item>
          {applyType && <Typography.Paragraph style={muted}>{kindHelp[applyType]}</Typography.Paragraph>}
          {applyType === 'new_students' && (
            <Form.Item label="対象の学年（任意）" name="grade_name">
              <Select
                allowClear
                style={{ width: 160 }}
                placeholder="選択"
                options={(select.data?.grades ?? []).map((g) => ({ value: g, label: g }))}
              />
            </Form.Item>
          )}
          {applyType === 'add_students' && select.data?.teams.length === 0 && (
            <Alert
              type="info"
              showIcon
              style={{ marginBottom: 16 }}
              message="今年度のクラスがありません。クラスを作成するか、「新規の生徒アカウント」で申請してください。"
            />
          )}
          {applyType === 'add_students' && (
            <Form.Item label="追加するクラス" name="team_id" rules={[rules.field(['team_id'])]}>
              <Select
                style={{ width: 280 }}
                placeholder="クラスを選択"
                options={(select.data?.teams ?? []).map((c) => ({ value: c.team_id, label: c.name }))}
              />
            </Form.Item>
          )}
          {applyType === 'teacher_account' && (
            <>
              <Form.Item label="先生の氏名" name="teacher_name" rules={[rules.field(['teacher_name'])]}>
                <Input style={{ width: 320 }} maxLength={applyLimits.teacherNameMax} />
              </Form.Item>
              <Form.Item label="先生のメールアドレス" name="teacher_email" rules={[rules.field(['teacher_email'])]}>
                <Input style={{ width: 320 }} type="email" />
              </Form.Item>
            </>
          )}
          {applyType && (
            <Form.Item label="備考（任意）" name="note" rules={[rules.field(['note'])]}>
              <Input.TextArea rows={2} maxLength={applyLimits.noteMax} showCount style={{ maxWidth: 640 }} />
            </Form.Item>
          )}
        </div>

        {applyType && kind && (
          <div style={{ ...panel, marginBottom: 16 }}>
            <Typography.Title level={5} style={{ marginTop: 0 }}>
              添付ファイル
            </Typography.Title>
            <Typography.Paragraph style={muted}>
              {acceptsRoster
                ? `名簿は Excel（.xlsx）または CSV（.csv）で、生徒の取り込みと同じ列です（${kind.max_rows.toLocaleString()}人まで）。申込書は PDF（.pdf）。`
                : '押印済みの申込書を PDF（.pdf）で添付してください。'}
              5MBまで。
            </Typography.Paragraph>
            {acceptsRoster && (
              <Button
                icon={<DownloadOutlined />}
                style={{ marginBottom: 12 }}
                onClick={() => void downloadRosterTemplate(applyType === 'new_students').catch(() => {})}
              >
                名簿のテンプレートをダウンロード
              </Button>
            )}
            <Upload.Dragger
              accept={kind.extensions.join(',')}
              multiple={false}
              showUploadList={false}
              disabled={fileState.stage === 'checking' || sending !== null}
              beforeUpload={(file) => {
                void check(file);
                return false;
              }}
            >
              <p className="ant-upload-drag-icon">
                <InboxOutlined />
              </p>
              <p className="ant-upload-text">クリックまたはドラッグしてファイルを選択</p>
            </Upload.Dragger>
            {fileState.stage !== 'none' && (
              <div style={{ marginTop: 12 }} data-testid="apply-file">
                <strong>{fileState.file.name}</strong>
                <span style={{ ...muted, marginLeft: 8 }}>{sizeText(fileState.file.size)}</span>
              </div>
            )}
            {fileState.stage === 'checking' && (
              <div data-testid="check-progress">
                <Progress percent={fileState.percent} status="active" />
                <Typography.Text type="secondary">
                  {fileState.percent < 100 ? 'アップロードしています…' : '内容を確認しています…'}
                </Typography.Text>
              </div>
            )}
            {fileState.stage === 'refused' && (
              <Alert type="error" showIcon style={{ marginTop: 8 }} message={fileState.message} />
            )}
            {fileState.stage === 'checked' && fileState.result.file_kind === 'document' && (
              <Alert type="success" showIcon style={{ marginTop: 8 }} message="申込書（PDF）を確認しました。" />
            )}
            {fileState.stage === 'checked' && (
              <div style={{ marginTop: 12 }}>
                <RosterPreview result={fileState.result} />
              </div>
            )}
          </div>
        )}

        <div style={{ display: 'flex', gap: 12 }}>
          <Button type="primary" htmlType="submit" disabled={!ready}>
            確認へ進む
          </Button>
          <Button onClick={() => void navigate(paths.accountApplication.path)}>キャンセル</Button>
        </div>
      </Form>

      <Modal
        open={confirming !== null}
        title="この内容で申請しますか？"
        okText="申請する"
        cancelText="戻る"
        onOk={() => confirming && void send(confirming)}
        onCancel={() => sending === null && setConfirming(null)}
        okButtonProps={{ loading: sending !== null }}
        cancelButtonProps={{ disabled: sending !== null }}
        closable={sending === null}
        maskClosable={false}
      >
        {confirming?.apply_type && fileState.stage === 'checked' && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="種類">{applyTypeNames[confirming.apply_type]}</Descriptions.Item>
            {confirming.apply_type === 'add_students' && (
              <Descriptions.Item label="クラス">
                {select.data?.teams.find((c) => c.team_id === confirming.team_id)?.name}
              </Descriptions.Item>
            )}
            {confirming.apply_type === 'new_students' && confirming.grade_name && (
              <Descriptions.Item label="学年">{confirming.grade_name}</Descriptions.Item>
            )}
            {confirming.apply_type === 'teacher_account' && (
              <Descriptions.Item label="先生">
                {confirming.teacher_name}（{confirming.teacher_email}）
              </Descriptions.Item>
            )}
            <Descriptions.Item label="ファイル">
              {fileState.file.name}
              {fileState.result.file_kind === 'roster' && `（${fileState.result.rows.length}人）`}
            </Descriptions.Item>
            {confirming.note && <Descriptions.Item label="備考">{confirming.note}</Descriptions.Item>}
          </Descriptions>
        )}
        {sending !== null && (
          <div data-testid="send-progress" style={{ marginTop: 12 }}>
            <Progress percent={sending} status="active" />
            <Typography.Text type="secondary">
              {sending < 100 ? 'アップロードしています…' : '申請を登録しています…'}
            </Typography.Text>
          </div>
        )}
      </Modal>
    </div>
  );
}
