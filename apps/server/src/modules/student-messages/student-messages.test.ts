import {
  ErrorCode,
  getStudentMessageList,
  getWritingNoteList,
  getLearnStudentInfo,
  messages,
  readStudentMessages,
  remindUnsubmitted,
  studentMessageMessages,
  submitWritingNote,
} from '@ondoku/contract';
import { randomUUID } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homework, homeworkRecipients, homeworkTopics, studentMessages, students } from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { call } from '../../test/call.js';
import { buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildHomework } from '../../test/homework-factories.js';
import { signInStudent } from '../../test/learn-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

const T0 = Date.parse('2026-06-01T00:00:00Z');
const HOUR = 3_600_000;
const DAY = 24 * HOUR;
const clock = manualClock(new Date(T0));
let t: TestApp;
let me: SignedInTeacher;
let other: SignedInTeacher;

beforeAll(async () => {
  t = await buildTestApp({ clock });
  me = await teacherWithToken(t);
  other = await teacherWithToken(t);
});
afterAll(() => t.close());

async function idOf(loginId: string) {
  const [row] = await t.db.select().from(students).where(eq(students.loginId, loginId));
  return row!.id;
}

async function markSubmitted(homeworkId: number, loginId: string) {
  await t.db
    .update(homeworkRecipients)
    .set({ submittedAt: clock.now() })
    .where(and(eq(homeworkRecipients.homeworkId, homeworkId), eq(homeworkRecipients.studentId, await idOf(loginId))));
}

async function topicOf(homeworkId: number) {
  const [row] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, homeworkId));
  return row!;
}

async function remindersOf(homeworkId: number) {
  return t.db
    .select()
    .from(studentMessages)
    .where(and(eq(studentMessages.homeworkId, homeworkId), eq(studentMessages.kind, 'reminder')));
}

describe('remind-unsubmitted', () => {
  it('refuses without a token, a guest and a child', async () => {
    const hw = await buildHomework(t, { teacher: me.teacher, now: clock.now() });
    expect((await call(t, remindUnsubmitted, { homework_id: hw.homeworkId })).status).toBe(401);
    const guest = await teacherWithToken(t, { type: 'guest' });
    expect((await call(t, remindUnsubmitted, { homework_id: hw.homeworkId }, { as: guest })).status).toBe(403);
    const student = await signInStudent(t, hw.loginIds[0]!);
    expect((await call(t, remindUnsubmitted, { homework_id: hw.homeworkId }, { as: student })).status).toBe(401);
    expect(await remindersOf(hw.homeworkId)).toEqual([]);
  });

  it('reminds every child who has not submitted, each with their own deadline, once an hour', async () => {
    clock.set(new Date(T0));
    const hw = await buildHomework(t, { teacher: me.teacher, students: 3, now: clock.now() });
    await markSubmitted(hw.homeworkId, hw.loginIds[0]!);
    const r = await call(t, remindUnsubmitted, { homework_id: hw.homeworkId }, { as: me });
    expect(r.status).toBe(200);
    expect(r.data).toEqual({ count: 2, skipped: 0 });
    const sent = await remindersOf(hw.homeworkId);
    expect(sent.map((m) => m.studentId).sort()).toEqual(
      [await idOf(hw.loginIds[1]!), await idOf(hw.loginIds[2]!)].sort(),
    );
    // The deadline is 7 days after T0 (00:00 UTC = 09:00 in Japan): 6月8日(月) 09:00.
    expect(sent[0]!.body).toBe(studentMessageMessages.reminderBody('音読の宿題', new Date(T0 + 7 * DAY)));
    expect(sent[0]!.body).toContain('6月8日(月) 09:00');

    // A second click (or a double click) within the hour sends nothing and says when.
    clock.set(new Date(T0 + 30 * 60_000));
    const again = await call(t, remindUnsubmitted, { homework_id: hw.homeworkId }, { as: me });
    expect(again.status).toBe(429);
    expect(again.errcode).toBe(ErrorCode.REMIND_TOO_SOON);
    expect(again.errmsg).toBe(studentMessageMessages.remindTooSoon(new Date(T0 + HOUR)));
    expect(again.errmsg).toContain('2026年6月1日(月) 10:00');
    expect(await remindersOf(hw.homeworkId)).toHaveLength(2);

    // After the hour: again.
    clock.set(new Date(T0 + HOUR));
    expect((await call(t, remindUnsubmitted, { homework_id: hw.homeworkId }, { as: me })).data).toEqual({
      count: 2,
      skipped: 0,
    });
    expect(await remindersOf(hw.homeworkId)).toHaveLength(4);
  });

  it('sends once for two simultaneous clicks', async () => {
    clock.set(new Date(T0));
    const hw = await buildHomework(t, { teacher: me.teacher, students: 2, now: clock.now() });
    const replies = await Promise.all([
      call(t, remindUnsubmitted, { homework_id: hw.homeworkId }, { as: me }),
      call(t, remindUnsubmitted, { homework_id: hw.homeworkId }, { as: me }),
    ]);
    expect(replies.map((r) => r.errcode).sort()).toEqual([0, ErrorCode.REMIND_TOO_SOON]);
    expect(await remindersOf(hw.homeworkId)).toHaveLength(2);
  });

  it('reminds only the listed children, and skips those reminded within the hour', async () => {
    clock.set(new Date(T0));
    const hw = await buildHomework(t, { teacher: me.teacher, students: 3, now: clock.now() });
    const [a, b, c] = hw.loginIds;
    const one = await call(t, remindUnsubmitted, { homework_id: hw.homeworkId, student_ids: [a!] }, { as: me });
    expect(one.data).toEqual({ count: 1, skipped: 0 });
    clock.set(new Date(T0 + 10 * 60_000));
    const all = await call(t, remindUnsubmitted, { homework_id: hw.homeworkId, student_ids: [a!, b!, c!] }, { as: me });
    expect(all.data).toEqual({ count: 2, skipped: 1 });
    expect(await remindersOf(hw.homeworkId)).toHaveLength(3);
  });

  it("refuses another teacher's homework and a child it was not given to with 404, sending nothing", async () => {
    clock.set(new Date(T0));
    const hw = await buildHomework(t, { teacher: me.teacher, students: 2, now: clock.now() });
    const theirs = await buildHomework(t, { teacher: other.teacher, students: 1, now: clock.now() });
    const r = await call(t, remindUnsubmitted, { homework_id: hw.homeworkId }, { as: other });
    expect(r.status).toBe(404);
    const stranger = await call(
      t,
      remindUnsubmitted,
      { homework_id: hw.homeworkId, student_ids: [hw.loginIds[0]!, theirs.loginIds[0]!] },
      { as: me },
    );
    expect(stranger.status).toBe(404);
    expect(stranger.errmsg).toBe(studentMessageMessages.studentNotRecipient);
    expect(await remindersOf(hw.homeworkId)).toEqual([]);
    expect(await remindersOf(theirs.homeworkId)).toEqual([]);
    const unknown = await call(t, remindUnsubmitted, { homework_id: 2 ** 31 - 1 }, { as: me });
    expect(unknown.status).toBe(404);
  });

  it('answers clear messages: everyone submitted, not delivered yet, deadline passed, bad input', async () => {
    clock.set(new Date(T0));
    const done = await buildHomework(t, { teacher: me.teacher, students: 1, now: clock.now() });
    await markSubmitted(done.homeworkId, done.loginIds[0]!);
    const nothing = await call(t, remindUnsubmitted, { homework_id: done.homeworkId }, { as: me });
    expect([nothing.status, nothing.errcode, nothing.errmsg]).toEqual([
      200,
      ErrorCode.REMIND_NOTHING,
      studentMessageMessages.nothingToRemind,
    ]);

    const later = await buildHomework(t, {
      teacher: me.teacher,
      now: clock.now(),
      input: {
        publish_type: 'scheduled',
        publish_time: new Date(T0 + DAY).toISOString(),
        end_time: new Date(T0 + 3 * DAY).toISOString(),
      },
    });
    const early = await call(t, remindUnsubmitted, { homework_id: later.homeworkId }, { as: me });
    expect([early.errcode, early.errmsg]).toEqual([
      ErrorCode.REMIND_NOT_STARTED,
      studentMessageMessages.remindNotStarted,
    ]);

    const old = await buildHomework(t, { teacher: me.teacher, now: clock.now() });
    clock.set(new Date(T0 + 8 * DAY));
    const late = await call(t, remindUnsubmitted, { homework_id: old.homeworkId }, { as: me });
    expect([late.errcode, late.errmsg]).toEqual([
      ErrorCode.REMIND_DEADLINE_PASSED,
      studentMessageMessages.remindDeadlinePassed,
    ]);
    clock.set(new Date(T0));

    for (const bad of [{}, { homework_id: 'x' }, { homework_id: old.homeworkId, student_ids: [] }]) {
      const r = await call(t, remindUnsubmitted, bad, { as: me });
      expect(r.status, JSON.stringify(bad)).toBe(400);
      expect(r.errmsg).toBe(messages.badRequest);
    }
  });
});

describe('submit-writing-note and writing-note-list', () => {
  it('stores a note once per guid, lists it on the answer paper, and delivers it to the child', async () => {
    clock.set(new Date(T0));
    const hw = await buildHomework(t, { teacher: me.teacher, students: 2, now: clock.now() });
    const topic = await topicOf(hw.homeworkId);
    const guid = randomUUID();
    const input = {
      student_id: hw.loginIds[0]!,
      topic_id: topic.id,
      guid,
      content: 'とてもよく読めています。\nTh の音に気をつけよう。',
    };
    const first = await call(t, submitWritingNote, input, { as: me });
    expect(first.status).toBe(200);
    expect(first.data).toMatchObject({
      student_id: hw.loginIds[0],
      topic_id: topic.id,
      homework_id: hw.homeworkId,
      content: input.content,
      created_at: new Date(T0).toISOString(),
      read_at: null,
    });
    // The same guid again (a retried request, a double click): the same note, stored once.
    clock.set(new Date(T0 + 60_000));
    const again = await call(t, submitWritingNote, input, { as: me });
    expect(again.data).toEqual(first.data);
    const twice = await Promise.all([
      call(t, submitWritingNote, { ...input, guid: `${guid}-b` }, { as: me }),
      call(t, submitWritingNote, { ...input, guid: `${guid}-b` }, { as: me }),
    ]);
    expect(twice[0].data.note_id).toBe(twice[1].data.note_id);
    const stored = await t.db.select().from(studentMessages).where(eq(studentMessages.topicId, topic.id));
    expect(stored).toHaveLength(2);
    // The same guid with other content is refused.
    const reused = await call(t, submitWritingNote, { ...input, content: 'ちがう' }, { as: me });
    expect([reused.errcode, reused.errmsg]).toEqual([ErrorCode.NOTE_GUID_REUSED, studentMessageMessages.guidReused]);

    const list = await call(t, getWritingNoteList, { student_id: hw.loginIds[0]!, topic_id: topic.id }, { as: me });
    expect(list.data.rows.map((n) => n.note_id)).toEqual([twice[0].data.note_id, first.data.note_id]);
    expect(list.data.topic).toEqual({
      topic_id: topic.id,
      title: topic.title,
      homework_id: hw.homeworkId,
      homework_title: '音読の宿題',
    });
    expect(list.data.student.student_id).toBe(hw.loginIds[0]);
    // Nothing for the classmate.
    const mate = await call(t, getWritingNoteList, { student_id: hw.loginIds[1]!, topic_id: topic.id }, { as: me });
    expect(mate.data.rows).toEqual([]);

    // The child reads it, with the topic it is about; then the teacher sees it read.
    const studentRow = await signInStudent(t, hw.loginIds[0]!);
    const inbox = await call(t, getStudentMessageList, {}, { as: studentRow });
    const note = inbox.data.rows.find((m) => m.message_id === first.data.note_id)!;
    expect(note).toMatchObject({
      kind: 'note',
      body: input.content,
      topic: { topic_id: topic.id, title: topic.title, type: topic.type },
      homework: { homework_id: hw.homeworkId, title: '音読の宿題' },
      read: false,
    });
    await call(t, readStudentMessages, { ids: [first.data.note_id] }, { as: studentRow });
    const after = await call(t, getWritingNoteList, { student_id: hw.loginIds[0]!, topic_id: topic.id }, { as: me });
    expect(after.data.rows.find((n) => n.note_id === first.data.note_id)!.read_at).toBe(
      new Date(T0 + 60_000).toISOString(),
    );
  });

  it('validates: required, length, emoji, guid', async () => {
    const hw = await buildHomework(t, { teacher: me.teacher, now: clock.now() });
    const topic = await topicOf(hw.homeworkId);
    const base = { student_id: hw.loginIds[0]!, topic_id: topic.id, guid: randomUUID() };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...base, content: '   ' }, studentMessageMessages.contentRequired],
      [{ ...base, content: 'あ'.repeat(401) }, messages.overLength],
      [{ ...base, content: 'がんばったね👍' }, messages.emojiNotAllowed],
      [{ ...base, guid: 'short', content: 'よし' }, messages.badRequest],
      [{ ...base, guid: 'a b c d e f g h', content: 'よし' }, messages.badRequest],
    ];
    for (const [input, message] of cases) {
      const r = await call(t, submitWritingNote, input, { as: me });
      expect([r.status, r.errmsg], JSON.stringify(input)).toEqual([400, message]);
    }
    expect((await call(t, submitWritingNote, { ...base, content: 'あ'.repeat(400) }, { as: me })).status).toBe(200);
  });

  it("refuses another teacher's topic and a child the homework was not given to with 404", async () => {
    const hw = await buildHomework(t, { teacher: me.teacher, now: clock.now() });
    const topic = await topicOf(hw.homeworkId);
    const [outsider] = await buildStudents(t, 1, { teacher: me.teacher, prefix: 'outside' });
    const note = { student_id: hw.loginIds[0]!, topic_id: topic.id, guid: randomUUID(), content: 'こんにちは' };
    expect((await call(t, submitWritingNote, note, { as: other })).status).toBe(404);
    expect(
      (await call(t, getWritingNoteList, { student_id: note.student_id, topic_id: topic.id }, { as: other })).status,
    ).toBe(404);
    const notGiven = await call(t, submitWritingNote, { ...note, student_id: outsider! }, { as: me });
    expect([notGiven.status, notGiven.errmsg]).toEqual([404, studentMessageMessages.studentNotFound]);
    const noTopic = await call(t, submitWritingNote, { ...note, topic_id: 2 ** 31 - 1 }, { as: me });
    expect([noTopic.status, noTopic.errmsg]).toEqual([404, studentMessageMessages.topicNotFound]);
    // A deleted homework's topic: 404 too.
    await t.db.update(homework).set({ deletedAt: clock.now() }).where(eq(homework.id, hw.homeworkId));
    expect((await call(t, submitWritingNote, note, { as: me })).status).toBe(404);
    expect(await t.db.select().from(studentMessages).where(eq(studentMessages.topicId, topic.id))).toEqual([]);
    const guest = await teacherWithToken(t, { type: 'guest' });
    expect((await call(t, submitWritingNote, note, { as: guest })).status).toBe(403);
  });
});

describe("the child's inbox", () => {
  it('lists only their own messages, newest first, with the unread count, and marks them read', async () => {
    clock.set(new Date(T0));
    const hw = await buildHomework(t, { teacher: me.teacher, students: 2, now: clock.now() });
    await call(t, remindUnsubmitted, { homework_id: hw.homeworkId }, { as: me });
    clock.set(new Date(T0 + 5 * 60_000));
    const topic = await topicOf(hw.homeworkId);
    const note = await call(
      t,
      submitWritingNote,
      { student_id: hw.loginIds[0]!, topic_id: topic.id, guid: randomUUID(), content: 'よく読めました' },
      { as: me },
    );
    const a = await signInStudent(t, hw.loginIds[0]!);
    const b = await signInStudent(t, hw.loginIds[1]!);

    const list = await call(t, getStudentMessageList, {}, { as: a });
    expect(list.status).toBe(200);
    expect(list.data.unread).toBe(2);
    expect(list.data.total).toBe(2);
    expect(list.data.rows.map((m) => m.kind)).toEqual(['note', 'reminder']);
    expect(list.data.rows[1]).toMatchObject({ topic: null, homework: { homework_id: hw.homeworkId }, read: false });
    expect(list.data.rows[0]!.teacher_name).toBe(me.teacher.nickname);

    const bList = await call(t, getStudentMessageList, {}, { as: b });
    expect(bList.data.rows.map((m) => m.kind)).toEqual(['reminder']);

    // Another child's message: 404, nothing changed.
    const stolen = await call(t, readStudentMessages, { ids: [note.data.note_id] }, { as: b });
    expect([stolen.status, stolen.errmsg]).toEqual([404, studentMessageMessages.messageNotFound]);
    expect((await call(t, getStudentMessageList, {}, { as: a })).data.unread).toBe(2);

    const one = await call(t, readStudentMessages, { ids: [note.data.note_id] }, { as: a });
    expect(one.data).toEqual({ count: 1, unread: 1 });
    const all = await call(t, readStudentMessages, {}, { as: a });
    expect(all.data).toEqual({ count: 1, unread: 0 });
    const pageTwo = await call(t, getStudentMessageList, { page: 2, limit: 1 }, { as: a });
    expect(pageTwo.data.rows.map((m) => [m.kind, m.read])).toEqual([['reminder', true]]);

    // A deleted homework's messages are gone from the inbox.
    await t.db.update(homework).set({ deletedAt: clock.now() }).where(eq(homework.id, hw.homeworkId));
    expect((await call(t, getStudentMessageList, {}, { as: b })).data).toMatchObject({ rows: [], unread: 0, total: 0 });
  });

  it("refuses a teacher's token on the child's calls, and a child's on the teacher's", async () => {
    const hw = await buildHomework(t, { teacher: me.teacher, now: clock.now() });
    const student = await signInStudent(t, hw.loginIds[0]!);
    expect((await call(t, getStudentMessageList, {}, { as: me })).status).toBe(401);
    expect((await call(t, readStudentMessages, {}, { as: me })).status).toBe(401);
    expect((await call(t, getStudentMessageList, {})).status).toBe(401);
    const topic = await topicOf(hw.homeworkId);
    const byStudent = await call(
      t,
      submitWritingNote,
      { student_id: hw.loginIds[0]!, topic_id: topic.id, guid: randomUUID(), content: 'x' },
      { as: student },
    );
    expect(byStudent.status).toBe(401);
    expect(
      (await call(t, getWritingNoteList, { student_id: hw.loginIds[0]!, topic_id: topic.id }, { as: student })).status,
    ).toBe(401);
    // The child's own token still works.
    expect((await call(t, getLearnStudentInfo, {}, { as: student })).status).toBe(200);
  });
});
