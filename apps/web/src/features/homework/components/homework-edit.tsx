import {
  exerciseTypeLabels,
  homeworkLimits,
  homeworkMessages,
  homeworkStateLabels,
  homeworkTitle,
  homeworkTypeLabels,
} from '@ondoku/contract';
import { Button, Empty, Form, Input, Spin, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { panel } from '@ondoku/ui';
import { DateTimePicker } from '../../../components/ui/date-time-picker';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { limitedLength, zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useChangeHomework, useHomeworkDetail } from '../api';
import { originLabel, stateColor } from './my-homework-list';

interface Values {
  title: string;
  end_time: Dayjs | null;
}

/** /homework/edit?homework_id=…: change a homework's title and end time (docs/homework-web.md). */
export function HomeworkEdit({ homeworkId }: { homeworkId: number | null }) {
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const detail = useHomeworkDetail(homeworkId);
  const change = useChangeHomework();
  const hw = detail.data;
  if (homeworkId === null || detail.isError) return <Empty description="宿題が見つかりませんでした。" />;
  if (!hw) return <Spin style={{ display: 'block', margin: '48px auto' }} />;

  const submit = async (v: Values) => {
    await change.mutateAsync({ homework_id: hw.homework_id, title: v.title, end_time: v.end_time!.toISOString() });
    notify.success(`「${v.title.trim()}」を変更しました。`);
    navigate(paths.homeworkList.path);
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 860 }}>
      <section style={{ ...panel, padding: 24 }}>
        <div style={{ display: 'flex', gap: 6, alignItems: 'center', marginBottom: 8 }}>
          <Tag color={stateColor[hw.state]}>{homeworkStateLabels[hw.state]}</Tag>
          <Tag>{homeworkTypeLabels[hw.type]}</Tag>
          <Tag>{originLabel[hw.origin_type]}</Tag>
          <span>{hw.team ? hw.team.name : '個別の生徒'}</span>
        </div>
        <div style={{ color: 'rgba(0,0,0,0.65)' }}>
          配信 {formatDateTime(hw.start_time)} ・ 提出 {hw.submitted_count}/{hw.assigned_count}人
        </div>
        <ol style={{ margin: '8px 0 0', paddingLeft: 20 }}>
          {hw.topics.map((t) => (
            <li key={t.topic_id}>
              {t.title}
              <span style={{ color: 'rgba(0,0,0,0.45)', marginLeft: 6 }}>
                {t.type === 'word_test' ? '単語テスト' : exerciseTypeLabels[t.type]}
              </span>
            </li>
          ))}
        </ol>
      </section>
      <section style={{ ...panel, padding: 24 }}>
        <Form<Values>
          form={form}
          layout="vertical"
          initialValues={{ title: hw.title, end_time: dayjs(hw.end_time) }}
          onFinish={(v) => void submit(v)}
        >
          <Form.Item label="タイトル" name="title" required rules={[zodRule(homeworkTitle)]}>
            <Input
              aria-label="タイトル"
              placeholder={`タイトル（${homeworkLimits.titleMax}文字以内）`}
              style={{ maxWidth: 560 }}
              {...limitedLength(homeworkLimits.titleMax)}
            />
          </Form.Item>
          <Form.Item
            label="終了日時"
            name="end_time"
            required
            rules={[
              {
                validator: async (_r, v: Dayjs | null) => {
                  if (!v) throw new Error(homeworkMessages.endTimeRequired);
                  if (!v.isAfter(dayjs(hw.start_time)) || !v.isAfter(dayjs()))
                    throw new Error(homeworkMessages.endTimeWrong);
                },
              },
            ]}
          >
            <DateTimePicker aria-label="終了日時" />
          </Form.Item>
          <div style={{ display: 'flex', gap: 8 }}>
            <Button onClick={() => navigate(paths.homeworkList.path)}>キャンセル</Button>
            <Button type="primary" htmlType="submit" loading={change.isPending}>
              変更を保存
            </Button>
          </div>
        </Form>
      </section>
    </div>
  );
}
