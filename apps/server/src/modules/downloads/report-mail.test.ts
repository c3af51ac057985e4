import { ErrorCode, messages, sendStudentTopicMail } from '@ondoku/contract';
import { eq, inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkRecipients, homeworkTopics, students, topicProgress } from '../../db/schema/index.js';
import { call } from '../../test/call.js';
import { teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildHomework } from '../../test/homework-factories.js';
import { startSmtpPeer, type SmtpPeer } from '../../test/smtp-peer.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

let t: TestApp;
let peer: SmtpPeer;
let me: SignedInTeacher;
let hw: Awaited<ReturnType<typeof buildHomework>>;

beforeAll(async () => {
  peer = await startSmtpPeer();
  t = await buildTestApp({ smtpUrl: peer.url });
  me = await teacherWithToken(t);
  hw = await buildHomework(t, { teacher: me.teacher, students: 3 });
  const [topic] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, hw.homeworkId));
  const [student] = await t.db
    .select()
    .from(students)
    .where(inArray(students.loginId, hw.loginIds.slice(0, 1)));
  await t.db.insert(topicProgress).values({
    topicId: topic!.id,
    studentId: student!.id,
    homeworkId: hw.homeworkId,
    practiceCount: 1,
    bestScore: 77,
    lastScore: 77,
  });
  await t.db
    .update(homeworkRecipients)
    .set({ submittedAt: new Date() })
    .where(eq(homeworkRecipients.studentId, student!.id));
});
afterAll(async () => {
  await t.close();
  await peer.close();
});

/** The xlsx attachments of a raw MIME message, decoded. */
function attachments(raw: string): Buffer[] {
  const parts = raw.split(/\r?\n--[^\r\n]+/);
  return parts
    .filter((p) => /content-type:\s*application\/vnd\.openxmlformats/i.test(p))
    .map((p) =>
      Buffer.from(
        p
          .split(/\r?\n\r?\n/)
          .slice(1)
          .join('')
          .replace(/\s+/g, ''),
        'base64',
      ),
    );
}

describe('send-student-topic-mail', () => {
  it("e-mails the homework's results with both files attached", async () => {
    const res = await call(
      t,
      sendStudentTopicMail,
      { homework_id: hw.homeworkId, email: 'Head@School.example' },
      { as: me },
    );
    expect(res.errcode).toBe(0);
    expect(res.data).toEqual({ email: 'head@school.example' });
    const mail = await peer.waitFor('head@school.example');
    expect(mail.subject).toBe(`【音読】宿題の結果：音読の宿題（${hw.klass.name}）`);
    expect(mail.text).toContain('提出：1人 / 3人（33%）');
    const files = attachments(mail.raw);
    expect(files).toHaveLength(2);
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(files[0] as unknown as ArrayBuffer);
    const ws = wb.worksheets[0]!;
    expect(ws.name).toBe('生徒別得点');
    expect(ws.rowCount).toBe(4);
    const scores = [2, 3, 4].map((r) => ws.getRow(r).getCell(8).value);
    expect(scores.filter((v) => v !== null && v !== undefined)).toEqual([77]);
  });

  it('says when the mail server refuses', async () => {
    const res = await call(
      t,
      sendStudentTopicMail,
      { homework_id: hw.homeworkId, email: 'bounce@school.example' },
      { as: me },
    );
    expect(res).toMatchObject({ errcode: ErrorCode.MAIL_SEND_FAILED, errmsg: messages.mailSendFailed });
  });
  it('answers the rules: a valid address, the homework of the teacher, no guest, the mail limit', async () => {
    expect(
      (await call(t, sendStudentTopicMail, { homework_id: hw.homeworkId, email: 'nope' }, { as: me })).errmsg,
    ).toBe(messages.emailInvalid);
    const other = await teacherWithToken(t);
    expect(
      (await call(t, sendStudentTopicMail, { homework_id: hw.homeworkId, email: 'a@b.example' }, { as: other })).status,
    ).toBe(404);
    const guest = await teacherWithToken(t, { type: 'guest' });
    expect(
      (await call(t, sendStudentTopicMail, { homework_id: hw.homeworkId, email: 'a@b.example' }, { as: guest })).status,
    ).toBe(403);
    let last = null;
    for (let i = 0; i < 12 && last?.errcode !== ErrorCode.MAIL_RATE_LIMITED; i++)
      last = await call(t, sendStudentTopicMail, { homework_id: hw.homeworkId, email: `x${i}@b.example` }, { as: me });
    expect(last).toMatchObject({ errcode: ErrorCode.MAIL_RATE_LIMITED, errmsg: messages.mailRateLimited });
  });
});
