import { messageContentField, messageLimits, messageMessages, messageTitleField } from '@ondoku/contract';
import { Alert, Button, Form, Input, Radio, Spin } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useNavigate } from 'react-router';
import { panel } from '@ondoku/ui';
import { DateTimePicker } from '../../../components/ui/date-time-picker';
import { paths } from '../../../config/paths';
import { limitedLength, zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useNewNoticeTotal } from '../../../lib/queries';
import { useSendMessage } from '../api';
import { MessageRecipientPicker, type MessageRecipients } from './message-recipient-picker';

interface SendForm {
  recipients: MessageRecipients;
  title: string;
  content: string;
  timing: 'now' | 'scheduled';
  send_time?: Dayjs | null;
}

/**
 * /message/send (docs/messages.md): write to classes and chosen children, now or at a chosen
 * time. Only when the server's allow_send_message says so; otherwise the screen says why.
 */
export function MessageSendForm() {
  const total = useNewNoticeTotal();
  const send = useSendMessage();
  const navigate = useNavigate();
  const [form] = Form.useForm<SendForm>();
  const timing = Form.useWatch('timing', form);

  if (total.isLoading) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  if (!total.data?.allow_send_message)
    return (
      <Alert
        type="warning"
        showIcon
        style={{ maxWidth: 800 }}
        message="このアカウントでは児童へのメッセージ送信が許可されていません。"
        description="メッセージの送信は、学校の管理者（運用担当）が教師ごとに許可します。送信が必要な場合は管理者に依頼してください。"
        action={<Button onClick={() => navigate(paths.messages.path)}>メッセージ一覧へ</Button>}
      />
    );

  const submit = async (v: SendForm) => {
    const reply = await send
      .mutateAsync({
        title: v.title.trim(),
        content: v.content.trim(),
        team_ids: v.recipients.team_ids,
        student_ids: v.recipients.students.map((s) => s.student_id),
        send_time: v.timing === 'scheduled' && v.send_time ? v.send_time.second(0).millisecond(0).toISOString() : null,
      })
      .catch(() => null);
    if (!reply) return;
    notify.success(
      v.timing === 'scheduled'
        ? `${reply.recipient_count}人への送信を予約しました。`
        : `${reply.recipient_count}人にメッセージを送りました。`,
    );
    navigate(paths.messages.path);
  };

  return (
    <section style={{ ...panel, padding: 24, maxWidth: 900 }} aria-label="メッセージを書く">
      <Form<SendForm>
        form={form}
        layout="vertical"
        initialValues={{ recipients: { team_ids: [], students: [] }, title: '', content: '', timing: 'now' }}
        onFinish={(v) => void submit(v)}
      >
        <Form.Item
          name="recipients"
          label="宛先"
          rules={[
            {
              validator: (_, r?: MessageRecipients) =>
                r && (r.team_ids.length || r.students.length)
                  ? Promise.resolve()
                  : Promise.reject(new Error(messageMessages.recipientsRequired)),
            },
          ]}
        >
          <MessageRecipientPicker />
        </Form.Item>
        <Form.Item name="title" label="タイトル" rules={[zodRule(messageTitleField)]}>
          <Input
            aria-label="タイトル"
            placeholder="例：音読発表会のお知らせ"
            {...limitedLength(messageLimits.titleMax)}
          />
        </Form.Item>
        <Form.Item
          name="content"
          label="本文"
          rules={[zodRule(messageContentField)]}
          extra="児童の「おしらせ」に届きます。読んだかどうかは、メッセージ一覧で確認できます。絵文字は使えません。"
        >
          <Input.TextArea
            rows={8}
            aria-label="本文"
            placeholder="例：来週の金曜日に音読発表会をします。教科書の12ページを練習しておきましょう。"
            {...limitedLength(messageLimits.contentMax)}
          />
        </Form.Item>
        <Form.Item name="timing" label="送信日時">
          <Radio.Group
            options={[
              { value: 'now', label: '今すぐ送る' },
              { value: 'scheduled', label: '日時を指定して送る' },
            ]}
          />
        </Form.Item>
        {timing === 'scheduled' && (
          <Form.Item
            name="send_time"
            rules={[
              {
                validator: (_, t?: Dayjs | null) =>
                  t && t.isAfter(dayjs()) && t.isBefore(dayjs().add(messageLimits.scheduleDaysAhead, 'day'))
                    ? Promise.resolve()
                    : Promise.reject(new Error(messageMessages.sendTimeWrong)),
              },
            ]}
          >
            <DateTimePicker aria-label="送信日時" disabledDate={(d) => d.isBefore(dayjs().startOf('day'))} />
          </Form.Item>
        )}
        <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
          <Button onClick={() => navigate(paths.messages.path)}>キャンセル</Button>
          <Button type="primary" htmlType="submit" loading={send.isPending}>
            {timing === 'scheduled' ? '送信を予約する' : '送信する'}
          </Button>
        </div>
      </Form>
    </section>
  );
}
