import { classNameField, limits, type ClassRow } from '@ondoku/contract';
import { Form, Input, Modal, Switch } from 'antd';
import { useEffect } from 'react';
import { limitedLength, useSubmitOnce, zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useCreateClass, useUpdateClass } from '../api';

interface Values {
  name: string;
  allow_join: boolean;
}

/** Create a class, or rename one and set whether students may join (class name ≤ 20, no emoji). */
export function ClassFormModal({
  open,
  existing,
  onClose,
}: {
  open: boolean;
  existing: ClassRow | null;
  onClose(): void;
}) {
  const [form] = Form.useForm<Values>();
  const create = useCreateClass();
  const update = useUpdateClass();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: existing?.name ?? '', allow_join: (existing?.allow_join ?? 1) === 1 });
  }, [open, existing, form]);

  const submit = async () => {
    const v = await form.validateFields();
    const input = { name: v.name.trim(), allow_join: v.allow_join ? 1 : 0 };
    if (existing) await update.mutateAsync({ id: existing.team_id, ...input });
    else await create.mutateAsync(input);
    notify.success(existing ? 'クラスを更新しました。' : 'クラスを作成しました。');
    onClose();
  };
  const { run } = useSubmitOnce(submit);

  return (
    <Modal
      open={open}
      title={existing ? 'クラスを編集' : 'クラスを作成'}
      okText={existing ? '保存' : '作成'}
      cancelText="キャンセル"
      confirmLoading={create.isPending || update.isPending}
      onOk={() => run()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" requiredMark={false} onFinish={() => run()}>
        <Form.Item name="name" label="クラス名" rules={[zodRule(classNameField)]}>
          <Input placeholder="例：3年1組" {...limitedLength(limits.classNameMax)} autoFocus />
        </Form.Item>
        <Form.Item
          name="allow_join"
          label="生徒の参加"
          valuePropName="checked"
          extra="オンにすると、生徒がクラスコードでこのクラスに参加できます。"
        >
          <Switch checkedChildren="許可" unCheckedChildren="停止" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
