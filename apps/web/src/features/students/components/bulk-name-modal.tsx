import { batchChangeKumi, batchChangeGradeName, studentLimits } from '@ondoku/contract';
import { Form, Input, Modal, Typography } from 'antd';
import { limitedLength, zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useBatchChangeClassName } from '../api/batch-change-class-name';
import { useBatchChangeGradeName } from '../api/batch-change-grade-name';

const gradeRule = zodRule(batchChangeGradeName.input.shape.grade_name);
const classRule = zodRule(batchChangeKumi.input.shape.class_name);

/** Change the grade (学年) or class (組) of the selected students at once, e.g. at the start of a school year. */
export function BulkNameModal({
  kind,
  studentIds,
  onClose,
}: {
  kind: 'grade' | 'class' | null;
  studentIds: string[];
  onClose(done: boolean): void;
}) {
  const [form] = Form.useForm<{ value: string }>();
  const grade = useBatchChangeGradeName();
  const klass = useBatchChangeClassName();
  const label = kind === 'grade' ? '学年' : '組';
  const submit = async () => {
    const { value } = await form.validateFields();
    const r =
      kind === 'grade'
        ? await grade.mutateAsync({ student_ids: studentIds, grade_name: value.trim() })
        : await klass.mutateAsync({ student_ids: studentIds, class_name: value.trim() });
    notify.success(`${r.count}人の${label}を「${value.trim()}」に変更しました。`);
    form.resetFields();
    onClose(true);
  };
  return (
    <Modal
      open={kind !== null}
      title={`${label}を一括変更`}
      okText={`${studentIds.length}人の${label}を変更`}
      cancelText="キャンセル"
      confirmLoading={grade.isPending || klass.isPending}
      onOk={() => void submit().catch(() => {})}
      onCancel={() => onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph>
        選択した<strong>{studentIds.length}人</strong>の{label}を変更します。
      </Typography.Paragraph>
      <Form form={form} layout="vertical" requiredMark={false}>
        <Form.Item name="value" label={`新しい${label}`} rules={[kind === 'grade' ? gradeRule : classRule]}>
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
