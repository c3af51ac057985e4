import { EditOutlined, KeyOutlined, LineChartOutlined, LogoutOutlined, PrinterOutlined } from '@ant-design/icons';
import {
  attendanceNumberField,
  kumiField,
  furiganaField,
  gradeNameField,
  newPasswordForm,
  studentNameField,
  studentLimits,
  type StudentRow,
} from '@ondoku/contract';
import { Button, Card, Descriptions, Form, Input, List, Modal, Skeleton, Space, Tag } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { wrappingCardHead } from '../../../components/ui/card-head';
import { readFailure } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { formatDate, formatDateTime } from '../../../lib/dates';
import { formRules, limitedLength, useSubmitOnce, zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import {
  useChangeStudentInfo,
  useChangeStudentPasswordSafe,
  useLeaveClass,
  useResetStudentsInfo,
  useStudentInfo,
} from '../api';
import { AddToClassButton } from './move-students';
import { openLoginCards } from './class-students';

/** A new password entered twice: the contract's rule for each entry and for the pair. */
const newPassword = formRules(newPasswordForm);

function EditModal({ student, open, onClose }: { student: StudentRow; open: boolean; onClose(): void }) {
  const [form] = Form.useForm();
  const change = useChangeStudentInfo();
  const submit = async () => {
    const v = (await form.validateFields()) as Record<string, string>;
    await change.mutateAsync({
      student_id: student.student_id,
      name: v.name!,
      furigana: v.furigana ?? '',
      grade_name: v.grade_name ?? '',
      class_name: v.class_name ?? '',
      number: v.number ?? '',
    });
    notify.success('生徒の情報を保存しました。');
    onClose();
  };
  const { run } = useSubmitOnce(submit);
  return (
    <Modal
      open={open}
      title="生徒の情報を編集"
      okText="保存"
      cancelText="キャンセル"
      confirmLoading={change.isPending}
      onOk={() => run()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form
        form={form}
        layout="vertical"
        requiredMark={false}
        initialValues={{ ...student, number: student.number ?? '' }}
      >
        <Form.Item name="name" label="氏名" rules={[zodRule(studentNameField)]}>
          <Input {...limitedLength(studentLimits.studentNameMax)} />
        </Form.Item>
        <Form.Item name="furigana" label="ふりがな" rules={[zodRule(furiganaField)]}>
          <Input {...limitedLength(studentLimits.furiganaMax)} />
        </Form.Item>
        <Space>
          <Form.Item name="grade_name" label="学年" rules={[zodRule(gradeNameField)]}>
            <Input style={{ width: 120 }} {...limitedLength(studentLimits.gradeNameMax)} />
          </Form.Item>
          <Form.Item name="class_name" label="組" rules={[zodRule(kumiField)]}>
            <Input style={{ width: 120 }} {...limitedLength(studentLimits.kumiMax)} />
          </Form.Item>
          <Form.Item name="number" label="出席番号" rules={[zodRule(attendanceNumberField)]}>
            <Input style={{ width: 120 }} inputMode="numeric" />
          </Form.Item>
        </Space>
      </Form>
    </Modal>
  );
}

function PasswordModal({ student, open, onClose }: { student: StudentRow; open: boolean; onClose(): void }) {
  const [form] = Form.useForm<{ password: string; confirm: string }>();
  const change = useChangeStudentPasswordSafe();
  const submit = async () => {
    const v = await form.validateFields();
    await change.mutateAsync({ student_id: student.student_id, password: v.password });
    notify.success('パスワードを設定しました。ログインカードにも反映されます。');
    onClose();
  };
  const { run } = useSubmitOnce(submit);
  return (
    <Modal
      open={open}
      title={`${student.name}さんのパスワードを設定`}
      okText="設定"
      cancelText="キャンセル"
      confirmLoading={change.isPending}
      onOk={() => run()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item
          name="password"
          label="新しいパスワード"
          rules={[newPassword.field('password')]}
          extra="半角英字と数字を組み合わせて6〜20文字"
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="新しいパスワード（確認）"
          dependencies={['password']}
          rules={[newPassword.field('confirm')]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** /student/student-details/:loginId: profile and account actions; 学習レポート opens the child's study report. */
export function StudentDetails({ loginId }: { loginId: string }) {
  const [modal, modalHolder] = Modal.useModal();
  const info = useStudentInfo(loginId);
  const s = info.data;
  const leave = useLeaveClass();
  const reset = useResetStudentsInfo();
  const [editing, setEditing] = useState(false);
  const [password, setPassword] = useState(false);
  const failure = readFailure(info, { backTo: paths.studentOverview.path, backLabel: '生徒一覧へ戻る' });
  if (failure) return failure;
  if (!s) return <Skeleton active />;

  const confirmReset = () =>
    modal.confirm({
      title: `${s.name}さんの初期パスワードを再発行しますか？`,
      content: '新しいパスワードを作成します。今のパスワードではログインできなくなります。',
      okText: '再発行',
      cancelText: 'キャンセル',
      onOk: async () => {
        await reset.mutateAsync({ student_ids: [s.student_id] });
        notify.success('初期パスワードを再発行しました。');
      },
    });

  const confirmLeave = (cls: { team_id: number; name: string }) =>
    modal.confirm({
      title: `${s.name}さんを「${cls.name}」から外しますか？`,
      content: 'アカウントと学習記録は残ります。',
      okText: '外す',
      cancelText: 'キャンセル',
      onOk: async () => {
        await leave.mutateAsync({ student_id: s.student_id, team_id: cls.team_id });
        notify.success(`「${cls.name}」から外しました。`);
      },
    });

  return (
    <Space direction="vertical" style={{ width: '100%' }} size="middle">
      <Card
        styles={wrappingCardHead}
        title={
          <span>
            <span style={{ fontSize: 12, color: '#888', display: 'block', lineHeight: 1.2 }}>{s.furigana}</span>
            <span style={{ fontSize: 20 }}>{s.name}</span>
          </span>
        }
        extra={
          <Space wrap style={{ justifyContent: 'flex-end' }}>
            <Button icon={<EditOutlined />} onClick={() => setEditing(true)}>
              情報を編集
            </Button>
            <Button icon={<KeyOutlined />} onClick={() => setPassword(true)}>
              パスワードを設定
            </Button>
            <Button onClick={confirmReset}>初期パスワードを再発行</Button>
            <Link to={paths.studentReport.getHref(s.student_id)}>
              <Button type="primary" icon={<LineChartOutlined />}>
                学習レポート
              </Button>
            </Link>
          </Space>
        }
      >
        <Descriptions column={2} size="middle">
          <Descriptions.Item label="生徒ID">{s.student_id}</Descriptions.Item>
          <Descriptions.Item label="出席番号">{s.number ?? '—'}</Descriptions.Item>
          <Descriptions.Item label="学年">{s.grade_name || '—'}</Descriptions.Item>
          <Descriptions.Item label="組">{s.class_name || '—'}</Descriptions.Item>
          <Descriptions.Item label="パスワード">
            {s.has_initial_password ? (
              <Tag color="blue">初期パスワード（カードに印刷できます）</Tag>
            ) : (
              <Tag>生徒が変更済み{s.password_changed_at ? `（${formatDateTime(s.password_changed_at)}）` : ''}</Tag>
            )}
          </Descriptions.Item>
          <Descriptions.Item label="登録日">{formatDate(s.created_at)}</Descriptions.Item>
        </Descriptions>
      </Card>
      <Card
        title="所属クラス"
        extra={<AddToClassButton loginId={s.student_id} exclude={s.teams.map((t) => t.team_id)} />}
      >
        <List
          dataSource={s.teams}
          locale={{
            emptyText: (
              <span>
                どのクラスにも入っていません（<Link to={paths.unassignedStudents.path}>クラス未所属</Link>
                ）。ログインカードの印刷や初期パスワードの確認は「クラス未所属」の画面でできます。
              </span>
            ),
          }}
          renderItem={(t) => (
            <List.Item
              actions={[
                <Button
                  key="card"
                  size="small"
                  icon={<PrinterOutlined />}
                  onClick={() => openLoginCards(t.team_id, [s.student_id])}
                >
                  ログインカード
                </Button>,
                <Button key="leave" size="small" icon={<LogoutOutlined />} onClick={() => confirmLeave(t)}>
                  クラスから外す
                </Button>,
              ]}
            >
              <Link to={paths.manageClass.getHref(t.team_id)}>{t.name}</Link>
            </List.Item>
          )}
        />
      </Card>
      <EditModal student={s} open={editing} onClose={() => setEditing(false)} />
      <PasswordModal student={s} open={password} onClose={() => setPassword(false)} />
      {modalHolder}
    </Space>
  );
}
