import { limits, newEmailField, verificationCodeField, type TeacherUser } from '@ondoku/contract';
import { Alert, Button, Card, Form, Input, Space } from 'antd';
import { useMemo, useState } from 'react';
import { zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useChangeEmail, useSendEmailCode } from '../api';

interface EmailValues {
  email: string;
  code: string;
}

/** E-mail change: a code goes to the new address, and the change takes effect with it. */
export function EmailCard({ user }: { user: TeacherUser }) {
  const [form] = Form.useForm<EmailValues>();
  const [sentTo, setSentTo] = useState<string | null>(null);
  const sendCode = useSendEmailCode();
  const change = useChangeEmail();
  const emailRule = useMemo(() => zodRule(newEmailField(user.email)), [user.email]);

  const onSend = async () => {
    const { email } = await form.validateFields(['email']);
    sendCode.mutate(email, {
      onSuccess: () => {
        setSentTo(email.trim());
        form.setFieldValue('code', '');
      },
    });
  };

  const onFinish = (v: EmailValues) =>
    change.mutate(v, {
      onSuccess: () => {
        notify.success('メールアドレスを変更しました。');
        setSentTo(null);
        form.resetFields();
      },
    });

  return (
    <Card title="メールアドレス" data-testid="email-card">
      <Form
        form={form}
        layout="horizontal"
        labelCol={{ flex: '180px' }}
        wrapperCol={{ flex: '1 1 0' }}
        labelAlign="left"
        colon={false}
        requiredMark={false}
        onFinish={onFinish}
      >
        <Form.Item label="現在のメールアドレス">
          <span data-testid="current-email">{user.email}</span>
        </Form.Item>
        <Form.Item label="新しいメールアドレス" style={sentTo ? undefined : { marginBottom: 0 }}>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="email" rules={[emailRule]} noStyle>
              <Input
                placeholder="example@school.jp"
                inputMode="email"
                autoComplete="email"
                onChange={() => sentTo && setSentTo(null)}
              />
            </Form.Item>
            <Button onClick={() => void onSend()} loading={sendCode.isPending}>
              {sentTo ? '再送信' : '確認コードを送信'}
            </Button>
          </Space.Compact>
        </Form.Item>
        {sentTo && (
          <>
            <Form.Item label=" ">
              <Alert
                type="info"
                showIcon
                message={`${sentTo} に確認コードを送信しました。${limits.verificationCode.ttlMinutes}分以内に入力してください。`}
              />
            </Form.Item>
            <Form.Item label="確認コード（6桁）" name="code" rules={[zodRule(verificationCodeField)]}>
              <Input
                placeholder="123456"
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                style={{ maxWidth: 200 }}
              />
            </Form.Item>
            <Form.Item label=" " style={{ marginBottom: 0 }}>
              <Button type="primary" htmlType="submit" loading={change.isPending}>
                メールアドレスを変更
              </Button>
            </Form.Item>
          </>
        )}
      </Form>
    </Card>
  );
}
