import { LockOutlined, MailOutlined, SafetyOutlined } from '@ant-design/icons';
import { emailField, limits, newPasswordForm, verificationCodeField } from '@ondoku/contract';
import { Alert, Button, Form, Input, Result, Steps, Typography } from 'antd';
import { useState } from 'react';
import { Link, useNavigate } from 'react-router';
import { paths } from '../../../config/paths';
import { formRules, zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useResetPassword, useSendResetMail } from '../api';

const { ttlMinutes } = limits.verificationCode;
const newPassword = formRules(newPasswordForm);

interface ResetValues {
  code: string;
  password: string;
  confirm: string;
}

/**
 * The forgotten-password screen (/forget): the registered address → a 6-digit code by mail →
 * the code and a new password → back to sign-in. The screen says the same thing whether or not
 * the address is registered.
 */
export function ForgetPassword() {
  const navigate = useNavigate();
  const [email, setEmail] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const sendMail = useSendResetMail();
  const reset = useResetPassword();
  const [resetForm] = Form.useForm<ResetValues>();

  const step = done ? 2 : email ? 1 : 0;

  const onSend = ({ email: value }: { email: string }) =>
    sendMail.mutate(value, {
      onSuccess: () => {
        setEmail(value.trim());
        resetForm.resetFields();
      },
    });

  const onResend = () =>
    email && sendMail.mutate(email, { onSuccess: () => notify.success('確認コードを再送信しました。') });

  const onReset = (v: ResetValues) =>
    email && reset.mutate({ email, code: v.code, password: v.password }, { onSuccess: () => setDone(true) });

  return (
    <div>
      <Typography.Title level={4} style={{ textAlign: 'center', marginTop: 0 }}>
        パスワードの再設定
      </Typography.Title>
      <Steps
        size="small"
        current={step}
        style={{ marginBottom: 24 }}
        items={[{ title: 'メール送信' }, { title: '新しいパスワード' }, { title: '完了' }]}
      />

      {step === 0 && (
        <Form
          layout="vertical"
          size="large"
          requiredMark={false}
          onFinish={onSend}
          initialValues={{ email: email ?? '' }}
        >
          <Typography.Paragraph type="secondary">
            登録済みのメールアドレスを入力してください。パスワード再設定用の確認コードをお送りします。
          </Typography.Paragraph>
          <Form.Item label="メールアドレス" name="email" rules={[zodRule(emailField)]}>
            <Input prefix={<MailOutlined />} autoComplete="email" placeholder="example@school.jp" inputMode="email" />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={sendMail.isPending}>
            確認コードを送信
          </Button>
        </Form>
      )}

      {step === 1 && (
        <Form form={resetForm} layout="vertical" size="large" requiredMark={false} onFinish={onReset}>
          <Alert
            type="info"
            showIcon
            style={{ marginBottom: 16 }}
            message={
              <span>
                <strong>{email}</strong> が登録されている場合、確認コードを送信しました。{ttlMinutes}
                分以内に入力してください。
              </span>
            }
          />
          <Form.Item label="確認コード（6桁）" name="code" rules={[zodRule(verificationCodeField)]}>
            <Input
              prefix={<SafetyOutlined />}
              placeholder="123456"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={6}
            />
          </Form.Item>
          <Form.Item
            label="新しいパスワード"
            name="password"
            rules={[newPassword.field('password')]}
            extra="6〜20文字で、半角英字と数字を組み合わせてください。"
          >
            <Input.Password prefix={<LockOutlined />} autoComplete="new-password" placeholder="新しいパスワード" />
          </Form.Item>
          <Form.Item
            label="新しいパスワード（確認）"
            name="confirm"
            dependencies={['password']}
            rules={[newPassword.field('confirm')]}
          >
            <Input.Password
              prefix={<LockOutlined />}
              autoComplete="new-password"
              placeholder="新しいパスワード（確認）"
            />
          </Form.Item>
          <Button type="primary" htmlType="submit" block loading={reset.isPending}>
            パスワードを再設定
          </Button>
          <div style={{ display: 'flex', justifyContent: 'space-between', marginTop: 16 }}>
            <Button type="link" size="small" style={{ padding: 0 }} onClick={() => setEmail(null)}>
              メールアドレスを入力し直す
            </Button>
            <Button type="link" size="small" style={{ padding: 0 }} onClick={onResend} loading={sendMail.isPending}>
              コードを再送信
            </Button>
          </div>
        </Form>
      )}

      {step === 2 && (
        <Result
          status="success"
          title="パスワードを再設定しました"
          subTitle="新しいパスワードでログインしてください。ほかの端末ではログアウトされました。"
          style={{ padding: '8px 0' }}
          extra={
            <Button type="primary" size="large" onClick={() => void navigate(paths.login.path, { replace: true })}>
              ログイン画面へ
            </Button>
          }
        />
      )}

      {step !== 2 && (
        <div style={{ marginTop: 16, textAlign: 'center' }}>
          <Link to={paths.login.path}>ログイン画面に戻る</Link>
        </div>
      )}
    </div>
  );
}
