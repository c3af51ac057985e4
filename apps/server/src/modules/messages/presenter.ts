import type { OutboxRow } from '@ondoku/contract';
import type { MessageRecord, RecipientRecord } from './repository.js';

/** Names every field the teacher's web app receives about their messages (docs/messages.md). */
export const presentOutboxRow = (m: MessageRecord, names: Map<number, string>, now: Date): OutboxRow => ({
  id: m.id,
  title: m.title,
  classes: m.classIds.flatMap((id) => {
    const name = names.get(id);
    return name === undefined ? [] : [{ team_id: id, name }];
  }),
  chosen_student_count: m.chosenStudents,
  recipient_count: m.recipients,
  read_count: m.readers,
  send_time: m.sendTime.toISOString(),
  sent: m.sendTime <= now,
});

export const presentOutbox = (
  page: { rows: MessageRecord[]; total: number },
  names: Map<number, string>,
  q: { page: number; limit: number },
  now: Date,
) => ({
  rows: page.rows.map((m) => presentOutboxRow(m, names, now)),
  total: page.total,
  page: q.page,
  limit: q.limit,
});

const presentRecipient = (r: RecipientRecord) => ({
  student_id: r.loginId,
  name: r.name,
  class_name: r.className,
  read_at: r.readAt ? r.readAt.toISOString() : null,
});

export const presentMessageDetails = (
  m: MessageRecord,
  names: Map<number, string>,
  recipients: RecipientRecord[],
  now: Date,
) => ({
  ...presentOutboxRow(m, names, now),
  content: m.body,
  readers: recipients.filter((r) => r.readAt).map(presentRecipient),
  non_readers: recipients.filter((r) => !r.readAt).map(presentRecipient),
});

export const presentSent = (sent: { id: number; recipientCount: number }) => ({
  id: sent.id,
  recipient_count: sent.recipientCount,
});
