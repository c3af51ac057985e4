import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { classes, studentMessages, teachers } from '../db/schema/index.js';
import { membersOf } from '../modules/messages/repository.js';
import { sendMessage } from '../modules/messages/service.js';
import { publishSystemNotice } from '../modules/notices/index.js';

const DAY = 86_400_000;

/**
 * Demo messages (docs/messages.md): one notice from the operator to every teacher, and teacher01's
 * outbox — a message to the first class, which some children have read, and one scheduled for
 * tomorrow. Written through the services the calls and the admin command use.
 */
export async function seedDemoMessages(db: Db, now: Date) {
  await publishSystemNotice(db, {
    title: '児童へのメッセージ機能のお知らせ',
    body:
      '左のメニューの「メッセージ」から、クラスや児童を選んでメッセージを送れるようになりました。\n' +
      '児童は「おしらせ」で読み、だれが読んだかはメッセージの詳細で確認できます。',
    publishFrom: new Date(now.getTime() - DAY),
    publishUntil: null,
  });
  const [teacher] = await db.select().from(teachers).where(eq(teachers.loginId, 'teacher01'));
  if (!teacher) return;
  const [first] = await db
    .select({ id: classes.id })
    .from(classes)
    .where(and(eq(classes.teacherId, teacher.id), isNull(classes.deletedAt), isNull(classes.archivedAt)))
    .orderBy(classes.sortOrder)
    .limit(1);
  if (!first) return;
  const to = { classIds: [first.id], students: [] };
  const sent = await sendMessage(
    db,
    teacher.id,
    { title: '音読発表会のお知らせ', content: '来週の金曜日に音読発表会をします。教科書の音読を毎日練習しましょう。' },
    to,
    new Date(now.getTime() - 2 * DAY),
  );
  // About half of the class has opened it.
  const members = await membersOf(db, [first.id]);
  const readers = members.slice(0, Math.ceil(members.length / 2));
  if (readers.length)
    await db
      .update(studentMessages)
      .set({ readAt: new Date(now.getTime() - DAY) })
      .where(and(eq(studentMessages.messageId, sent.id), inArray(studentMessages.studentId, readers)));
  await sendMessage(
    db,
    teacher.id,
    {
      title: '持ち物のお知らせ',
      content: 'あしたは 音読カードを わすれずに もってきてね。',
      send_time: new Date(now.getTime() + DAY).toISOString(),
    },
    to,
    now,
  );
}
