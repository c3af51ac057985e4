import {
  deleteMessages,
  getMessageDetails,
  getNewNoticeTotal,
  getOutboxMessageList,
  getStudentMessageList,
  messageLimits,
  messageMessages,
  messages,
  readStudentMessages,
  remindUnsubmitted,
  sendNewMessage,
} from '@ondoku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { manualClock } from '../../lib/clock.js';
import { call } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { signInStudent, type SignedInStudent } from '../../test/learn-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { setAllowSendMessage } from './index.js';

const T0 = Date.parse('2026-06-01T00:00:00Z');
const HOUR = 3_600_000;
const clock = manualClock(new Date(T0));

let t: TestApp;
let me: SignedInTeacher;
let other: SignedInTeacher;
let classA: number;
let classB: number;
let inA: string[];
let inB: string[];
let kidA: SignedInStudent;
let kidB: SignedInStudent;
let strangerKid: SignedInStudent;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  me = await teacherWithToken(t);
  other = await teacherWithToken(t);
  classA = (await buildClass(t, { teacher: me.teacher, name: '5年1組' })).id;
  classB = (await buildClass(t, { teacher: me.teacher, name: '5年2組' })).id;
  inA = await buildStudents(t, 3, { teacher: me.teacher, classIds: [classA] });
  inB = await buildStudents(t, 2, { teacher: me.teacher, classIds: [classB] });
  kidA = await signInStudent(t, inA[0]!);
  kidB = await signInStudent(t, inB[0]!);
  const [stranger] = await buildStudents(t, 1, { teacher: other.teacher });
  strangerKid = await signInStudent(t, stranger!);
});
afterAll(() => t.close());

const send = (body: Record<string, unknown>, as: SignedInTeacher = me) =>
  call(t, sendNewMessage, { title: 'お知らせ', content: '明日は音読発表会です。', ...body }, { as });

describe('messages from the teacher', () => {
  it('refuses without a token, and the guest type', async () => {
    expect((await call(t, getOutboxMessageList, {})).status).toBe(401);
    expect((await call(t, sendNewMessage, { title: 'a', content: 'b', team_ids: [classA] })).status).toBe(401);
    const guest = await teacherWithToken(t, { type: 'guest' });
    expect((await send({ team_ids: [classA] }, guest)).status).toBe(403);
    expect((await call(t, getNewNoticeTotal, {}, { as: guest })).data.allow_send_message).toBe(false);
  });

  it('refuses bad input with the messages of the product, sending nothing', async () => {
    expect((await send({ title: ' ', team_ids: [classA] })).errmsg).toBe(messageMessages.titleRequired);
    expect((await send({ content: '', team_ids: [classA] })).errmsg).toBe(messageMessages.contentRequired);
    expect((await send({ title: 'あ'.repeat(messageLimits.titleMax + 1), team_ids: [classA] })).errmsg).toBe(
      messages.overLength,
    );
    expect((await send({ content: 'い'.repeat(messageLimits.contentMax + 1), team_ids: [classA] })).errmsg).toBe(
      messages.overLength,
    );
    expect((await send({ content: 'がんばろう😀', team_ids: [classA] })).errmsg).toBe(messages.emojiNotAllowed);
    expect((await send({})).errmsg).toBe(messageMessages.recipientsRequired);
    const past = await send({ team_ids: [classA], send_time: new Date(T0 - HOUR).toISOString() });
    expect([past.status, past.errmsg]).toEqual([400, messageMessages.sendTimeWrong]);
    const far = await send({ team_ids: [classA], send_time: new Date(T0 + 91 * 24 * HOUR).toISOString() });
    expect(far.errmsg).toBe(messageMessages.sendTimeWrong);
    // Another teacher's class or child refuses the whole message.
    expect((await send({ team_ids: [classA] }, other)).status).toBe(403);
    expect((await send({ student_ids: [inA[0]] }, other)).status).toBe(403);
    expect((await call(t, getOutboxMessageList, {}, { as: me })).data.total).toBe(0);
  });

  it('follows the operator’s allow_send_message flag', async () => {
    await setAllowSendMessage(t.db, me.teacher.id, false);
    expect((await call(t, getNewNoticeTotal, {}, { as: me })).data.allow_send_message).toBe(false);
    const refused = await send({ team_ids: [classA] });
    expect([refused.status, refused.errmsg]).toEqual([200, messageMessages.notAllowed]);
    expect(refused.errcode).not.toBe(0);
    // Reminders and notes are writing to children too.
    const remind = await call(t, remindUnsubmitted, { homework_id: 1 }, { as: me });
    expect(remind.errmsg).toBe(messageMessages.notAllowed);
    await setAllowSendMessage(t.db, me.teacher.id, true);
    expect((await call(t, getNewNoticeTotal, {}, { as: me })).data.allow_send_message).toBe(true);
  });

  it('writes to classes and chosen children, each child once, and counts who read it', async () => {
    clock.set(new Date(T0));
    // A child of class A chosen again by name is written to once; one of class B besides.
    const sent = await send({ team_ids: [classA], student_ids: [inA[0], inB[0]] });
    expect(sent.data.recipient_count).toBe(4);
    const inbox = await call(t, getStudentMessageList, {}, { as: kidA.token });
    expect(inbox.data.unread).toBe(1);
    expect(inbox.data.rows[0]).toMatchObject({ kind: 'message', title: 'お知らせ', body: '明日は音読発表会です。' });
    // Nobody else's child receives it.
    expect((await call(t, getStudentMessageList, {}, { as: strangerKid.token })).data.total).toBe(0);

    let outbox = await call(t, getOutboxMessageList, {}, { as: me });
    expect(outbox.data.rows[0]).toMatchObject({
      id: sent.data.id,
      classes: [{ team_id: classA, name: '5年1組' }],
      chosen_student_count: 2,
      recipient_count: 4,
      read_count: 0,
      sent: true,
    });
    const read = await call(t, readStudentMessages, { ids: [inbox.data.rows[0]!.message_id] }, { as: kidA.token });
    expect(read.data).toEqual({ count: 1, unread: 0 });
    outbox = await call(t, getOutboxMessageList, {}, { as: me });
    expect(outbox.data.rows[0]!.read_count).toBe(1);

    const details = await call(t, getMessageDetails, { id: sent.data.id }, { as: me });
    expect(details.data.content).toBe('明日は音読発表会です。');
    expect(details.data.readers.map((r) => [r.student_id, r.class_name])).toEqual([[inA[0], '5年1組']]);
    expect(details.data.non_readers.map((r) => r.student_id).sort()).toEqual([inA[1], inA[2], inB[0]].sort());
    // Another teacher's token: as if it did not exist.
    expect((await call(t, getMessageDetails, { id: sent.data.id }, { as: other })).status).toBe(404);
  });

  it('a child reaches only their own messages', async () => {
    const mine = (await call(t, getStudentMessageList, {}, { as: kidA.token })).data.rows[0]!;
    const refused = await call(t, readStudentMessages, { ids: [mine.message_id] }, { as: strangerKid.token });
    expect(refused.status).toBe(404);
    // A teacher's token opens no child's inbox, a child's no teacher's outbox.
    expect((await call(t, getStudentMessageList, {}, { as: me })).status).toBe(401);
    expect((await call(t, getOutboxMessageList, {}, { as: kidA.token })).status).toBe(401);
  });

  it('a scheduled message waits for its time', async () => {
    clock.set(new Date(T0));
    const at = new Date(T0 + 2 * HOUR).toISOString();
    const sent = await send({ title: '予定のお知らせ', team_ids: [classB], send_time: at });
    let outbox = await call(t, getOutboxMessageList, {}, { as: me });
    expect(outbox.data.rows[0]).toMatchObject({ id: sent.data.id, sent: false, send_time: at });
    const titles = async () =>
      (await call(t, getStudentMessageList, {}, { as: kidB.token })).data.rows.map((r) => r.title);
    expect(await titles()).toEqual(['お知らせ']);
    // Reading all does not read what has not arrived.
    await call(t, readStudentMessages, {}, { as: kidB.token });
    clock.set(new Date(T0 + 2 * HOUR));
    expect(await titles()).toEqual(['予定のお知らせ', 'お知らせ']);
    expect((await call(t, getStudentMessageList, {}, { as: kidB.token })).data.unread).toBe(1);
    outbox = await call(t, getOutboxMessageList, {}, { as: me });
    expect(outbox.data.rows[0]!.sent).toBe(true);
  });

  it('pages the outbox by 12', async () => {
    for (let i = 0; i < 12; i++) await send({ title: `連絡${i}`, student_ids: [inB[1]] });
    const first = await call(t, getOutboxMessageList, {}, { as: me });
    expect([first.data.rows.length, first.data.total, first.data.limit]).toEqual([12, 14, 12]);
    const second = await call(t, getOutboxMessageList, { page: 2 }, { as: me });
    expect(second.data.rows.length).toBe(2);
    expect((await call(t, getOutboxMessageList, {}, { as: other })).data.total).toBe(0);
  });

  it('deletes many at once, only the teacher’s own, from the children’s inboxes too', async () => {
    const rows = (await call(t, getOutboxMessageList, { limit: 100 }, { as: me })).data.rows;
    const ids = rows.slice(0, 3).map((r) => r.id);
    expect((await call(t, deleteMessages, { ids: [] }, { as: me })).errmsg).toBe(messageMessages.idsRequired);
    // One stranger's id in the list: nothing deleted.
    const mixed = await call(t, deleteMessages, { ids }, { as: other });
    expect(mixed.status).toBe(403);
    expect((await call(t, getOutboxMessageList, {}, { as: me })).data.total).toBe(14);
    const before = (await call(t, getStudentMessageList, { limit: 100 }, { as: kidB.token })).data.total;
    expect((await call(t, deleteMessages, { ids }, { as: me })).data.count).toBe(3);
    expect((await call(t, getOutboxMessageList, {}, { as: me })).data.total).toBe(11);
    // kidB was not a recipient of the 連絡 messages (inB[1] was); their inbox is unchanged.
    expect((await call(t, getStudentMessageList, { limit: 100 }, { as: kidB.token })).data.total).toBe(before);
    const all = (await call(t, getOutboxMessageList, { limit: 100 }, { as: me })).data.rows.map((r) => r.id);
    const firstMessage = all.at(-1)!;
    expect((await call(t, deleteMessages, { ids: [firstMessage] }, { as: me })).data.count).toBe(1);
    expect((await call(t, getStudentMessageList, {}, { as: kidA.token })).data.total).toBe(0);
  });
});
