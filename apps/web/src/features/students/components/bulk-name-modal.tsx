import { batchChangeKumi, batchChangeGradeName, studentLimits } from '@ondoku/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { limitedLength, useSubmitOnce, zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useBatchChangeGradeName, useBatchChangeKumi } from '../api';

const gradeRule = zodRule(batchChangeGradeName.input.shape.grade_name);
const kumiRule = zodRule(batchChangeKumi.input.shape.class_name);

/** Change the grade (学年) or class (組) of the selected students at once, e.g. at the start of a school year. */
export function BulkNameModal({
  kind,
  loginIds,
  onClose,
}: {
  kind: 'grade' | 'kumi' | null;
  loginIds: string[];
  onClose(done: boolean): void;
}) {
  const [form] = Form.useForm<{ value: string }>();
  const grade = useBatchChangeGradeName();
  const kumi = useBatchChangeKumi();
  const label = kind === 'grade' ? '学年' : '組';
  const submit = async () => {
    const { value } = await form.validateFields();
    const r =
      kind === 'grade'
        ? await grade.mutateAsync({ student_ids: loginIds, grade_name: value.trim() })
        : await kumi.mutateAsync({ student_ids: loginIds, class_name: value.trim() });
    notify.success(`${r.count}人の${label}を「${value.trim()}」に変更しました。`);
    form.resetFields();
    onClose(true);
  };
  const { run } = useSubmitOnce(submit);
  return (
    <Modal
      open={kind !== null}
      title={`${label}を一括変更`}
      okText={`${loginIds.length}人の${label}を変更`}
      cancelText="キャンセル"
      confirmLoading={grade.isPending || kumi.isPending}
      onOk={() => run()}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph>
        選択した<strong>{loginIds.length}人</strong>の{label}を変更します。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="value" label={`新しい${label}`} rules={[kind === 'grade' ? gradeRule : kumiRule]}>
          <Input
            placeholder={kind === 'grade' ? '例：4年' : '例：2組'}
            {...limitedLength(kind === 'grade' ? studentLimits.gradeNameMax : studentLimits.kumiMax)}
            autoFocus
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
