import type { StudentMessage, WritingNote } from '@ondoku/contract';
import type { InboxRecord, MessageRecord } from './repository.js';

const iso = (d: Date | string) => new Date(d).toISOString();

/** A note as the teacher sees it (student_id is the child's login id, as on the answer paper). */
export const presentNote = (m: MessageRecord, loginId: string): WritingNote => ({
  note_id: m.id,
  student_id: loginId,
  topic_id: m.topicId!,
  homework_id: m.homeworkId!,
  content: m.body,
  created_at: iso(m.createdAt),
  read_at: m.readAt ? iso(m.readAt) : null,
});

/** A message in the child's inbox. */
export const presentInboxMessage = (m: InboxRecord): StudentMessage => ({
  message_id: m.id,
  kind: m.kind,
  title: m.title,
  body: m.body,
  teacher_name: m.teacherName,
  homework: m.homeworkId !== null ? { homework_id: m.homeworkId, title: m.homeworkTitle ?? '' } : null,
  topic:
    m.topicId !== null
      ? {
          topic_id: m.topicId,
          title: m.topicTitle ?? '',
          type: m.topicType as NonNullable<StudentMessage['topic']>['type'],
        }
      : null,
  created_at: iso(m.createdAt),
  read: m.readAt !== null,
  ...(m.kind === 'encouragement' ? { motivation_ids: m.motivationIds ?? [] } : {}),
});

/** The notes on one student's topic, with the student and the topic they are about. */
export const presentNoteList = (
  student: { loginId: string; name: string; number: string | null },
  topic: { id: number; title: string },
  homework: { id: number; title: string },
  rows: MessageRecord[],
) => ({
  student: { student_id: student.loginId, name: student.name, number: student.number },
  topic: { topic_id: topic.id, title: topic.title, homework_id: homework.id, homework_title: homework.title },
  rows: rows.map((n) => presentNote(n, student.loginId)),
});

/** A page of the student's inbox, with how many are unread. */
export const presentInbox = (
  page: { rows: InboxRecord[]; total: number; unread: number },
  q: { page: number; limit: number },
) => ({
  rows: page.rows.map(presentInboxMessage),
  total: page.total,
  page: q.page,
  limit: q.limit,
  unread: page.unread,
});

/** Messages marked read, and how many are still unread. */
export const presentMarkedRead = (count: number, unread: number) => ({ count, unread });
