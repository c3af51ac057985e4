import { passwordField, messages, requiredSecret } from '@ondoku/contract';
import { Button, Card, Form, Input } from 'antd';
import { z } from 'zod';
import { formRules } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useChangePassword } from '../api';

interface PasswordValues {
  oldpassword: string;
  newpassword: string;
  confirm: string;
}

/**
 * The password change form: each field's rule, the entries match, the new password differs from
 * the old one.
 */
const passwordChangeForm = z
  .object({
    oldpassword: requiredSecret(messages.currentPasswordRequired),
    newpassword: passwordField,
    confirm: requiredSecret(messages.passwordConfirmRequired),
  })
  .refine((v) => v.newpassword === v.confirm, { error: messages.passwordMismatch, path: ['confirm'] })
  .refine((v) => v.newpassword !== v.oldpassword, { error: messages.passwordSameAsOld, path: ['newpassword'] });
const rules = formRules(passwordChangeForm);

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
        <Form.Item label="現在のパスワード" name="oldpassword" rules={[rules.field('oldpassword')]}>
          <Input.Password autoComplete="current-password" placeholder="現在のパスワード" />
        </Form.Item>
        <Form.Item
          label="新しいパスワード"
          name="newpassword"
          dependencies={['oldpassword']}
          rules={[rules.field('newpassword')]}
          extra="6〜20文字で、半角英字と数字を組み合わせてください。"
        >
          <Input.Password autoComplete="new-password" placeholder="新しいパスワード" />
        </Form.Item>
        <Form.Item
          label="新しいパスワード（確認）"
          name="confirm"
          dependencies={['newpassword']}
          rules={[rules.field('confirm')]}
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
