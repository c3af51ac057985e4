import { studentMessageLimits, writingNoteContent } from '@ondoku/contract';
import { Button, Form, Input, Modal, Spin } from 'antd';
import { useEffect, useRef, useState } from 'react';
import { useBlocker, useNavigate } from 'react-router';
import { panel } from '@ondoku/ui';
import { readFailure } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { limitedLength, zodRule } from '../../../lib/form';
import { notify } from '../../../lib/notify';
import { useSubmitWritingNote, useWritingNotes } from '../api';

const muted = { color: 'rgba(0,0,0,0.45)' } as const;

/**
 * /homework/writing/add (docs/student-messages.md): a teacher writes a note to one child about one
 * topic. The guid is made once per screen, so a retried or doubled send stores one note; leaving
 * with unsaved text asks first (in the app and when the tab closes).
 */
export function WritingNoteForm({ topicId, loginId }: { topicId: number; loginId: string }) {
  const context = useWritingNotes({ topic_id: topicId, student_id: loginId });
  const submit = useSubmitWritingNote();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ content: string }>();
  const [guid] = useState(() => crypto.randomUUID());
  const [dirty, setDirty] = useState(false);
  const [modal, modalHost] = Modal.useModal();

  // Set once the note is sent: leaving is then no loss.
  const sent = useRef(false);
  const blocker = useBlocker(
    ({ currentLocation, nextLocation }) => dirty && !sent.current && currentLocation.pathname !== nextLocation.pathname,
  );
  // One question per blocked navigation (the blocker object changes while it waits).
  const asking = useRef(false);
  useEffect(() => {
    if (blocker.state !== 'blocked') {
      asking.current = false;
      return;
    }
    if (asking.current) return;
    asking.current = true;
    void modal.confirm({
      title: '保存していないコメントがあります',
      content: '入力したコメントは送信されていません。このページを離れますか？',
      okText: '離れる',
      cancelText: '書き続ける',
      onOk: () => blocker.proceed(),
      onCancel: () => blocker.reset(),
    });
  }, [blocker, modal]);
  useEffect(() => {
    if (!dirty) return;
    const warn = (e: BeforeUnloadEvent) => e.preventDefault();
    window.addEventListener('beforeunload', warn);
    return () => window.removeEventListener('beforeunload', warn);
  }, [dirty]);

  const failure = readFailure(context, { backTo: paths.homeworkList.path, backLabel: '宿題一覧へ戻る' });
  if (failure) return failure;
  const c = context.data;
  if (!c) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const back = paths.answerPaper.getHref(c.topic.homework_id, topicId, loginId);

  const send = async ({ content }: { content: string }) => {
    const note = await submit
      .mutateAsync({ student_id: loginId, topic_id: topicId, guid, content: content.trim() })
      .catch(() => null);
    if (!note) return;
    sent.current = true;
    setDirty(false);
    notify.success(`${c.student.name}さんにコメントを送りました。`);
    navigate(back);
  };

  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 800 }}>
      {modalHost}
      <section style={{ ...panel, padding: 24 }} aria-label="コメントを書く">
        <div style={{ ...muted, fontSize: 13 }}>
          {c.topic.homework_title} ／ {c.topic.title}
        </div>
        <h1 style={{ fontSize: 18, margin: '4px 0 16px' }}>
          {c.student.number && <span style={{ ...muted, marginRight: 8 }}>{c.student.number}</span>}
          {c.student.name}さんへのコメント
        </h1>
        <Form
          form={form}
          layout="vertical"
          onFinish={(v) => void send(v)}
          onValuesChange={(_, all) => setDirty((all.content ?? '').trim().length > 0)}
        >
          <Form.Item
            name="content"
            label={`「${c.topic.title}」についてのコメント`}
            rules={[zodRule(writingNoteContent)]}
            extra="児童の「おしらせ」に、この教材へのコメントとして届きます。絵文字は使えません。"
          >
            <Input.TextArea
              rows={8}
              aria-label="コメント"
              placeholder="例：とても上手に読めていました。th の音に気をつけると、もっと良くなります。"
              {...limitedLength(studentMessageLimits.noteMax)}
            />
          </Form.Item>
          <div style={{ display: 'flex', gap: 8, justifyContent: 'flex-end' }}>
            <Button onClick={() => navigate(back)}>キャンセル</Button>
            <Button type="primary" htmlType="submit" loading={submit.isPending}>
              送信する
            </Button>
          </div>
        </Form>
      </section>
      {c.rows.length > 0 && (
        <section style={{ ...panel, padding: 24 }} aria-label="これまでのコメント">
          <h2 style={{ fontSize: 15, margin: '0 0 8px' }}>これまでのコメント（{c.rows.length}件）</h2>
          {c.rows.map((n) => (
            <div key={n.note_id} style={{ padding: '8px 0', borderTop: '1px solid #f0f0f0' }}>
              <div style={{ ...muted, fontSize: 12 }}>{formatDateTime(n.created_at)}</div>
              <div style={{ whiteSpace: 'pre-wrap' }}>{n.content}</div>
            </div>
          ))}
        </section>
      )}
    </div>
  );
}
