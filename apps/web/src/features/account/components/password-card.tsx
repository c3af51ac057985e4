import { passwordChange, passwordField, messages, requiredSecret } from '@ondoku/contract';
import { Button, Card, Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useChangePassword } from '../api';

interface PasswordValues {
  oldpassword: string;
  newpassword: string;
  confirm: string;
}

const CROSS_FIELD = new Set<string>([messages.passwordSameAsOld, messages.passwordMismatch]);

/** The whole-form rules of §5 (differs from the old one, the entries match) reported on one field. */
const crossFieldRule =
  (field: 'newpassword' | 'confirm'): Rule =>
  ({ getFieldsValue }) => ({
    validator: async () => {
      const result = passwordChange.safeParse(getFieldsValue());
      // Only the whole-form rules: the field's own rule is reported by its zodRule already.
      const issue = result.error?.issues.find((i) => i.path[0] === field && CROSS_FIELD.has(i.message));
      if (issue) throw new Error(issue.message);
    },
  });

/** Password change: current, new, confirmation. Other devices are signed out; this one stays. */
export function PasswordCard() {
  const [form] = Form.useForm<PasswordValues>();
  const change = useChangePassword();
  const onFinish = (v: PasswordValues) =>
    change.mutate(
      { oldpassword: v.oldpassword, newpassword: v.newpassword },
      {
        onSuccess: () => {
          notify.success('パスワードを変更しました。ほかの端末ではログアウトされました。');
          form.resetFields();
        },
      },
    );

  return (
    <Card title="パスワード" data-testid="password-card">
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
        <Form.Item
          label="現在のパスワード"
          name="oldpassword"
          rules={[zodRule(requiredSecret(messages.currentPasswordRequired))]}
        >
          <Input.Password autoComplete="current-password" placeholder="現在のパスワード" />
        </Form.Item>
        <Form.Item
          label="新しいパスワード"
          name="newpassword"
          dependencies={['oldpassword']}
          rules={[zodRule(passwordField), crossFieldRule('newpassword')]}
          extra="6〜20文字で、半角英字と数字を組み合わせてください。"
        >
          <Input.Password autoComplete="new-password" placeholder="新しいパスワード" />
        </Form.Item>
        <Form.Item
          label="新しいパスワード（確認）"
          name="confirm"
          dependencies={['newpassword']}
          rules={[zodRule(requiredSecret(messages.passwordConfirmRequired)), crossFieldRule('confirm')]}
        >
          <Input.Password autoComplete="new-password" placeholder="新しいパスワード（確認）" />
        </Form.Item>
        <Form.Item label=" " style={{ marginBottom: 0 }}>
          <Button type="primary" htmlType="submit" loading={change.isPending}>
            パスワードを変更
          </Button>
        </Form.Item>
      </Form>
    </Card>
  );
}
