import { limits, profileForm, type ProfileForm, type TeacherUser } from '@ondoku/contract';
import { Button, Card, Form, Input } from 'antd';
import { limitedLength, zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useChangeProfile } from '../api';

/** Nickname and school of the signed-in teacher (the login id is shown, not changed). */
export function ProfileCard({ user }: { user: TeacherUser }) {
  const [form] = Form.useForm<ProfileForm>();
  const change = useChangeProfile();
  const onFinish = (v: ProfileForm) =>
    change.mutate(v, { onSuccess: () => notify.success('プロフィールを保存しました。') });

  return (
    <Card title="プロフィール" data-testid="profile-card">
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '180px' }}
        wrapperCol={{ flex: '1 1 0' }}
        labelAlign="left"
        colon={false}
        requiredMark={false}
        initialValues={{ nickname: user.nickname, school: user.school }}
        onFinish={onFinish}
      >
        <Form.Item label="アカウントID">
          <span data-testid="login-id">{user.username}</span>
        </Form.Item>
        <Form.Item label="氏名" name="nickname" rules={[zodRule(profileForm.shape.nickname)]}>
          <Input placeholder="例：山田 花子" {...limitedLength(limits.nicknameMax)} />
        </Form.Item>
        <Form.Item label="学校名" name="school" rules={[zodRule(profileForm.shape.school)]}>
          <Input placeholder="例：さくら小学校" {...limitedLength(limits.schoolMax)} />
        </Form.Item>
        <Form.Item label=" " style={{ marginBottom: 0 }}>
          {/* antd spaces out two-character CJK labels (保 存); not in Japanese. */}
          <Button type="primary" htmlType="submit" loading={change.isPending} autoInsertSpace={false}>
            保存
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
