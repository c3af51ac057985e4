import { messages, newPasswordForm } from '@ondoku/contract';
import { act, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { applyZodIssues, formRules, zodIssueFields } from './form';

describe('zodIssueFields', () => {
  it('groups issues by path', () => {
    const r = newPasswordForm.safeParse({ password: 'abc', confirm: '' });
    expect(zodIssueFields(r.error!)).toEqual([
      { name: ['password'], errors: ['パスワードを6文字以上20文字以内で入力してください。'] },
      { name: ['confirm'], errors: ['確認のためもう一度パスワードを入力してください。', messages.passwordMismatch] },
    ]);
  });

  it('applyZodIssues hands them to the form', () => {
    const setFields = vi.fn();
    const schema = z.object({ a: z.object({ b: z.string().min(2, { error: '短い' }) }) });
    applyZodIssues({ setFields }, schema.safeParse({ a: { b: 'x' } }).error!);
    expect(setFields).toHaveBeenCalledWith([{ name: ['a', 'b'], errors: ['短い'] }]);
  });
});

describe('formRules', () => {
  function PasswordForm({ onForm }: { onForm(f: FormInstance): void }) {
    const [form] = Form.useForm();
    onForm(form);
    const rules = formRules(newPasswordForm);
    return (
      <Form form={form}>
        <Form.Item name="password" rules={[rules.field('password')]}>
          <Input aria-label="password" />
        </Form.Item>
        <Form.Item name="confirm" dependencies={['password']} rules={[rules.field('confirm')]}>
          <Input aria-label="confirm" />
        </Form.Item>
      </Form>
    );
  }

  it('reports a whole-form rule on the field the schema names', async () => {
    let form!: FormInstance;
    render(<PasswordForm onForm={(f) => (form = f)} />);
    form.setFieldsValue({ password: 'abc12345', confirm: 'abc12346' });
    await act(async () => {
      await form.validateFields().catch(() => {});
    });
    expect(form.getFieldError('password')).toEqual([]);
    expect(form.getFieldError('confirm')).toEqual([messages.passwordMismatch]);
    expect(await screen.findByText(messages.passwordMismatch)).toBeInTheDocument();

    form.setFieldsValue({ confirm: 'abc12345' });
    await act(async () => {
      await form.validateFields();
    });
    expect(form.getFieldError('confirm')).toEqual([]);
  });

  it("reports a field's own rule first", async () => {
    let form!: FormInstance;
    render(<PasswordForm onForm={(f) => (form = f)} />);
    form.setFieldsValue({ password: 'abc12345', confirm: '' });
    await act(async () => {
      await form.validateFields().catch(() => {});
    });
    expect(form.getFieldError('confirm')).toEqual(['確認のためもう一度パスワードを入力してください。']);
  });
});
