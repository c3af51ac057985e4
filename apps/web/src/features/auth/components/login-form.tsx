import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { loginForm, type LoginForm as LoginFormValues } from '@ondoku/contract';
import { Button, Form, Input } from 'antd';
import { useEffect, useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { paths } from '../../../config/paths';
import { zodRule } from '../../../lib/form';
import { useLogin } from '../api/login';
import { usePassCardLogin } from '../api/pass-card-login';

/** The login screen (spec §2, §5): ID-or-email, password, login button, link to /forget. */
export function LoginForm() {
  const [form] = Form.useForm<LoginFormValues>();
  const navigate = useNavigate();
  const login = useLogin();
  const keyLogin = usePassCardLogin();
  const [params, setParams] = useSearchParams();
  const key = params.get('key');
  const triedKey = useRef<string | null>(null);

  useEffect(() => {
    if (!key || triedKey.current === key) return;
    triedKey.current = key;
    keyLogin.mutate(key, {
      onSuccess: () => void navigate(paths.home.path, { replace: true }),
      onError: () => setParams({}, { replace: true }),
    });
  }, [key, keyLogin, navigate, setParams]);

  const onFinish = (values: LoginFormValues) =>
    login.mutate(values, { onSuccess: () => void navigate(paths.home.path, { replace: true }) });

  return (
    <Form
      form={form}
      layout="vertical"
      size="large"
      onFinish={onFinish}
      requiredMark={false}
      disabled={keyLogin.isPending}
    >
      <Form.Item
        label="アカウントID（またはメールアドレス）"
        name="username"
        rules={[zodRule(loginForm.shape.username)]}
      >
        <Input prefix={<UserOutlined />} autoComplete="username" placeholder="アカウントIDまたはメールアドレス" />
      </Form.Item>
      <Form.Item label="パスワード" name="password" rules={[zodRule(loginForm.shape.password)]}>
        <Input.Password prefix={<LockOutlined />} autoComplete="current-password" placeholder="パスワード" />
      </Form.Item>
      <Form.Item style={{ marginTop: 8 }}>
        <Button type="primary" htmlType="submit" block loading={login.isPending || keyLogin.isPending}>
          ログイン
        </Button>
      </Form.Item>
      <div style={{ marginTop: 16, textAlign: 'center' }}>
        <Link to={paths.forget.path}>パスワードをお忘れの方はこちら</Link>
      </div>
    </Form>
  );
}
