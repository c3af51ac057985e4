import {
  delayHomework,
  ErrorCode,
  getHomeworkDetail,
  getPracticeHistory,
  getSelfPracticeContent,
  getSelfPracticeList,
  getStudentHomeworkList,
  getStudentTopicContent,
  getStudentTopicResult,
  learnMessages,
  submitSelfPractice,
  submitTopic,
} from '@ondoku/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptAnswers,
  attempts,
  homeworkNotices,
  homeworkRecipients,
  homeworkTopics,
  topicProgress,
} from '../../db/schema/index.js';
import { manualClock } from '../../lib/clock.js';
import { call } from '../../test/call.js';
import { buildWordBook } from '../../test/homework-factories.js';
import {
  articleText,
  buildArticleResource,
  buildChoiceResource,
  buildEvaluationResult,
  buildLearnHomework,
  buildSentenceResource,
  findEvaluationResult,
  sentenceTexts,
  signInStudent,
  type SignedInStudent,
} from '../../test/learn-factories.js';
import { teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The students' side: homework for the child, practice content, and submissions marked only from
 * the server's stored evaluation results (a forged, reused, foreign or stale sid writes nothing).
 */
const start = new Date('2026-05-11T00:00:00Z');
const clock = manualClock(start);
const day = 86_400_000;
let t: TestApp;
let teacher: SignedInTeacher;
let sentences: { id: number };
let choices: { id: number };
beforeAll(async () => {
  t = await buildTestApp({ clock });
  teacher = await teacherWithToken(t);
  sentences = await buildSentenceResource(t);
  choices = await buildChoiceResource(t);
});
afterAll(() => t.close());

/** A homework of the sentences and the choices for a new class of two children, signed in. */
async function setup(opts: { requiredTimes?: number | null; days?: number; resourceIds?: number[] } = {}) {
  clock.set(start);
  const hw = await buildLearnHomework(t, {
    teacher: teacher.teacher,
    resourceIds: opts.resourceIds ?? [sentences.id, choices.id],
    now: clock.now(),
    days: opts.days ?? 7,
    requiredTimes: opts.requiredTimes ?? null,
  });
  const kids = await Promise.all(hw.loginIds.map((id) => signInStudent(t, id)));
  const topics = await t.db
    .select()
    .from(homeworkTopics)
    .where(eq(homeworkTopics.homeworkId, hw.homeworkId))
    .orderBy(homeworkTopics.position);
  return { ...hw, kids, sentenceTopic: topics[0]!.id, choiceTopic: topics[1]?.id };
}

/** Evaluation results of every sentence for the child, and the answers naming them. */
async function spokenAnswers(kid: SignedInStudent, texts = sentenceTexts, score = 80) {
  return Promise.all(
    texts.map(async (text, i) => ({
      question_id: i,
      sid: await buildEvaluationResult(t, { studentId: kid.id, text, category: 'read_sentence', score: score + i }),
    })),
  );
}

const countRows = async () => ({
  attempts: (await t.db.select().from(attempts)).length,
  answers: (await t.db.select().from(attemptAnswers)).length,
  progress: (await t.db.select().from(topicProgress)).length,
});

describe('student/homework-list and topic-content', () => {
  it("lists the child's started homework with topics and progress; the content has no right answers", async () => {
    const s = await setup({ requiredTimes: 2 });
    const list = await call(t, getStudentHomeworkList, {}, { as: s.kids[0] });
    expect(list.status).toBe(200);
    const row = list.data.rows.find((r) => r.homework_id === s.homeworkId)!;
    expect(row).toMatchObject({
      title: 'こどもの宿題',
      homework_type: 'routine',
      state: 'open',
      required_times: 2,
      reissued: false,
      end_time: new Date(start.getTime() + 7 * day).toISOString(),
    });
    expect(row.topics.map((x) => [x.type, x.item_count, x.practice_count, x.best_score])).toEqual([
      ['sentence_reading', 3, 0, null],
      ['grammar_choice', 2, 0, null],
    ]);

    const content = await call(
      t,
      getStudentTopicContent,
      { homework_id: s.homeworkId, topic_id: s.choiceTopic! },
      { as: s.kids[0] },
    );
    expect(content.status).toBe(200);
    expect(content.data.items).toHaveLength(2);
    expect(content.data.items[0]!.category).toBeNull();
    expect(content.data.items[0]!.answers![0]).toEqual({ index: 0, content: 'am', type: 'text' });
    expect(content.res.body).not.toContain('correct');
    expect(content.res.body).not.toContain('先生へのメモ');
    const spoken = await call(
      t,
      getStudentTopicContent,
      { homework_id: s.homeworkId, topic_id: s.sentenceTopic },
      { as: s.kids[0] },
    );
    expect(spoken.data.items.map((i) => [i.index, i.screen_text, i.category])).toEqual(
      sentenceTexts.map((text, i) => [i, text, 'read_sentence']),
    );
    expect(spoken.data).toMatchObject({ required_times: 2, practice_count: 0, best_score: null });
  });

  it("another child's homework (another class) answers 404, and a topic of another homework too", async () => {
    const a = await setup();
    const b = await setup();
    const r = await call(
      t,
      getStudentTopicContent,
      { homework_id: a.homeworkId, topic_id: a.sentenceTopic },
      { as: b.kids[0] },
    );
    expect([r.status, r.errmsg]).toEqual([404, learnMessages.homeworkNotFound]);
    const mixed = await call(
      t,
      getStudentTopicContent,
      { homework_id: b.homeworkId, topic_id: a.sentenceTopic },
      { as: b.kids[0] },
    );
    expect([mixed.status, mixed.errmsg]).toEqual([404, learnMessages.topicNotFound]);
    const list = await call(t, getStudentHomeworkList, {}, { as: b.kids[0] });
    expect(list.data.rows.map((x) => x.homework_id)).not.toContain(a.homeworkId);
    const result = await call(
      t,
      getStudentTopicResult,
      { homework_id: a.homeworkId, topic_id: a.sentenceTopic },
      { as: b.kids[0] },
    );
    expect(result.status).toBe(404);
    const sub = await call(
      t,
      submitTopic,
      { homework_id: a.homeworkId, topic_id: a.sentenceTopic, answers: await spokenAnswers(b.kids[0]!) },
      { as: b.kids[0] },
    );
    expect(sub.status).toBe(404);
  });

  it('a scheduled homework is not listed and cannot be opened before its start', async () => {
    clock.set(start);
    const hw = await buildLearnHomework(t, {
      teacher: teacher.teacher,
      resourceIds: [sentences.id],
      now: start,
      input: { publish_type: 'scheduled', publish_time: new Date(start.getTime() + day).toISOString() },
    });
    const kid = await signInStudent(t, hw.loginIds[0]!);
    expect((await call(t, getStudentHomeworkList, {}, { as: kid })).data.rows).toEqual([]);
    const [topic] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, hw.homeworkId));
    const r = await call(t, getStudentTopicContent, { homework_id: hw.homeworkId, topic_id: topic!.id }, { as: kid });
    expect([r.errcode, r.errmsg]).toEqual([ErrorCode.HOMEWORK_NOT_STARTED, learnMessages.notStarted]);
    const sub = await call(
      t,
      submitTopic,
      { homework_id: hw.homeworkId, topic_id: topic!.id, answers: await spokenAnswers(kid) },
      { as: kid },
    );
    expect(sub.errmsg).toBe(learnMessages.notStarted);
    clock.set(new Date(start.getTime() + day));
    expect((await call(t, getStudentHomeworkList, {}, { as: kid })).data.rows).toHaveLength(1);
  });

  it('a word test is read word by word from its drawn words, and only from its test start', async () => {
    clock.set(start);
    const book = await buildWordBook(t, { parts: 1, perPart: 3 });
    const hw = await buildLearnHomework(t, {
      teacher: teacher.teacher,
      resourceIds: [],
      now: start,
      input: {
        homework_type: 'wordtest',
        word_book_code: book.code,
        part_from: 1,
        part_to: 1,
        word_count: 3,
        test_start_time: new Date(start.getTime() + 3_600_000).toISOString(),
      } as never,
    });
    const kid = await signInStudent(t, hw.loginIds[0]!);
    const [topic] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, hw.homeworkId));
    const early = await call(
      t,
      getStudentTopicContent,
      { homework_id: hw.homeworkId, topic_id: topic!.id },
      { as: kid },
    );
    expect(early.errmsg).toBe(learnMessages.notStarted);
    clock.set(new Date(start.getTime() + 3_600_000));
    const r = await call(t, getStudentTopicContent, { homework_id: hw.homeworkId, topic_id: topic!.id }, { as: kid });
    expect(r.data.type).toBe('word_reading');
    expect(r.data.items.map((i) => i.category)).toEqual(['read_word', 'read_word', 'read_word']);
    expect(r.data.items.every((i) => /^word1-\d$/.test(i.screen_text))).toBe(true);
    const answers = await Promise.all(
      r.data.items.map(async (i) => ({
        question_id: i.index,
        sid: await buildEvaluationResult(t, { studentId: kid.id, text: i.screen_text, category: 'read_word' }),
      })),
    );
    const sub = await call(t, submitTopic, { homework_id: hw.homeworkId, topic_id: topic!.id, answers }, { as: kid });
    expect(sub.data).toMatchObject({ score: 80, homework_done: true, practice_count: 1 });
    // The teacher is told, once, even when the child practises again.
    const again = await Promise.all(
      r.data.items.map(async (i) => ({
        question_id: i.index,
        sid: await buildEvaluationResult(t, { studentId: kid.id, text: i.screen_text, category: 'read_word' }),
      })),
    );
    expect(
      (await call(t, submitTopic, { homework_id: hw.homeworkId, topic_id: topic!.id, answers: again }, { as: kid }))
        .data.practice_count,
    ).toBe(2);
    const notices = await t.db.select().from(homeworkNotices).where(eq(homeworkNotices.homeworkId, hw.homeworkId));
    expect(notices.filter((n) => n.kind === 'submitted')).toHaveLength(1);
    expect(notices[0]!.message).toMatch(/さんが「.+」を提出しました。$/);
  });
});

describe('student/submit-topic', () => {
  it('marks spoken items from the stored results and choices on the server; the teacher sees it', async () => {
    const s = await setup();
    const kid = s.kids[0]!;
    const answers = await spokenAnswers(kid);
    const r = await call(
      t,
      submitTopic,
      { homework_id: s.homeworkId, topic_id: s.sentenceTopic, answers },
      { as: kid },
    );
    expect(r.status).toBe(200);
    expect(r.data).toMatchObject({
      score: 81,
      total_score: 81,
      accuracy_score: 79,
      fluency_score: 77,
      integrity_score: 100,
      practice_count: 1,
      best_score: 81,
      homework_done: false,
    });
    expect(r.data.items[0]).toMatchObject({ question_id: 0, score: 80, correct: null, correct_answer: null });
    expect(r.data.items[0]!.words!.map((w) => w.word)).toEqual(['I', 'like', 'apples.']);
    expect(r.data.items[0]!.evaluate_html).toContain('I like apples.');
    for (const a of answers) expect((await findEvaluationResult(t, a.sid))!.usedAt).not.toBeNull();
    const [answer] = await t.db
      .select()
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, r.data.attempt_id), eq(attemptAnswers.questionId, 0)));
    expect(answer).toMatchObject({
      sid: answers[0]!.sid,
      score: 80,
      durationMs: 1500,
      audioKey: `rec-${answers[0]!.sid}.ogg`,
    });

    const choice = await call(
      t,
      submitTopic,
      {
        homework_id: s.homeworkId,
        topic_id: s.choiceTopic!,
        answers: [
          { question_id: 0, answer: '1' },
          { question_id: 1, answer: '2' },
        ],
      },
      { as: kid },
    );
    expect(choice.data).toMatchObject({ score: 50, homework_done: true, practice_count: 1 });
    expect(choice.data.items.map((i) => [i.correct, i.correct_answer, i.score])).toEqual([
      [true, 1, 100],
      [false, 0, 0],
    ]);
    const [recipient] = await t.db
      .select()
      .from(homeworkRecipients)
      .where(and(eq(homeworkRecipients.homeworkId, s.homeworkId), eq(homeworkRecipients.studentId, kid.id)));
    expect(recipient!.submittedAt).toEqual(clock.now());
    const detail = await call(t, getHomeworkDetail, { homework_id: s.homeworkId }, { as: teacher });
    expect(detail.data.submitted_count).toBe(1);
    const list = await call(t, getStudentHomeworkList, {}, { as: kid });
    const row = list.data.rows.find((x) => x.homework_id === s.homeworkId)!;
    expect(row.state).toBe('done');
    expect(row.topics.map((x) => [x.practice_count, x.best_score])).toEqual([
      [1, 81],
      [1, 50],
    ]);
    const best = await call(
      t,
      getStudentTopicResult,
      { homework_id: s.homeworkId, topic_id: s.choiceTopic! },
      { as: kid },
    );
    expect(best.data.result).toMatchObject({ attempt_id: choice.data.attempt_id, score: 50, homework_done: true });
    expect(best.data.result!.items.map((i) => i.correct_answer)).toEqual([1, 0]);
    const none = await call(
      t,
      getStudentTopicResult,
      { homework_id: s.homeworkId, topic_id: s.sentenceTopic },
      { as: s.kids[1] },
    );
    expect(none.data.result).toBeNull();
  });

  it('refuses forged sids (another child’s, another text, another category, reused, too old, unknown) and writes nothing', async () => {
    const s = await setup();
    const [kid, other] = s.kids as [SignedInStudent, SignedInStudent];
    const good = await spokenAnswers(kid);
    const forge = async (sid: string) => [{ question_id: 0, sid }, ...good.slice(1)];
    const cases: [string, Promise<string>, number, string][] = [
      [
        "another child's",
        buildEvaluationResult(t, { studentId: other.id, text: sentenceTexts[0]!, category: 'read_sentence' }),
        ErrorCode.SID_INVALID,
        learnMessages.sidInvalid,
      ],
      [
        "a teacher's try-out",
        buildEvaluationResult(t, {
          studentId: null,
          teacherId: teacher.teacher.id,
          text: sentenceTexts[0]!,
          category: 'read_sentence',
        }),
        ErrorCode.SID_INVALID,
        learnMessages.sidInvalid,
      ],
      [
        'another text',
        buildEvaluationResult(t, { studentId: kid.id, text: sentenceTexts[1]!, category: 'read_sentence' }),
        ErrorCode.SID_MISMATCH,
        learnMessages.sidMismatch,
      ],
      [
        'another category',
        buildEvaluationResult(t, { studentId: kid.id, text: sentenceTexts[0]!, category: 'read_word' }),
        ErrorCode.SID_MISMATCH,
        learnMessages.sidMismatch,
      ],
      [
        'used',
        buildEvaluationResult(t, {
          studentId: kid.id,
          text: sentenceTexts[0]!,
          category: 'read_sentence',
          usedAt: start,
        }),
        ErrorCode.SID_USED,
        learnMessages.sidUsed,
      ],
      [
        'too old',
        buildEvaluationResult(t, {
          studentId: kid.id,
          text: sentenceTexts[0]!,
          category: 'read_sentence',
          createdAt: new Date(start.getTime() - 25 * 3_600_000),
        }),
        ErrorCode.SID_INVALID,
        learnMessages.sidInvalid,
      ],
      ['unknown', Promise.resolve('sid-never-made'), ErrorCode.SID_INVALID, learnMessages.sidInvalid],
    ];
    const before = await countRows();
    for (const [name, sid, code, message] of cases) {
      const r = await call(
        t,
        submitTopic,
        { homework_id: s.homeworkId, topic_id: s.sentenceTopic, answers: await forge(await sid) },
        { as: kid },
      );
      expect([r.status, r.errcode, r.errmsg], name).toEqual([200, code, message]);
    }
    const twice = await call(
      t,
      submitTopic,
      {
        homework_id: s.homeworkId,
        topic_id: s.sentenceTopic,
        answers: [good[0]!, { ...good[1]!, sid: good[0]!.sid }, good[2]!],
      },
      { as: kid },
    );
    expect(twice.errmsg).toBe(learnMessages.sidUsed);
    expect(await countRows()).toEqual(before);
    for (const a of good) expect((await findEvaluationResult(t, a.sid))!.usedAt).toBeNull();

    // The same good sids then pass once, and never again.
    const ok = await call(
      t,
      submitTopic,
      { homework_id: s.homeworkId, topic_id: s.sentenceTopic, answers: good },
      { as: kid },
    );
    expect(ok.errcode).toBe(0);
    const again = await call(
      t,
      submitTopic,
      { homework_id: s.homeworkId, topic_id: s.sentenceTopic, answers: good },
      { as: kid },
    );
    expect(again.errmsg).toBe(learnMessages.sidUsed);
  });

  it('matches the text as stored (trimmed), with white space and full-width forms normalised', async () => {
    const s = await setup({ resourceIds: [sentences.id] });
    const kid = s.kids[0]!;
    const answers = await Promise.all(
      ['  I  like apples.  ', 'She plays the piano．', 'We go to school.'].map(async (text, i) => ({
        question_id: i,
        sid: await buildEvaluationResult(t, { studentId: kid.id, text, category: 'read_sentence' }),
      })),
    );
    const r = await call(
      t,
      submitTopic,
      { homework_id: s.homeworkId, topic_id: s.sentenceTopic, answers },
      { as: kid },
    );
    expect(r.errcode).toBe(0);
    const lower = await buildEvaluationResult(t, {
      studentId: kid.id,
      text: 'i like apples.',
      category: 'read_sentence',
    });
    const bad = await call(
      t,
      submitTopic,
      {
        homework_id: s.homeworkId,
        topic_id: s.sentenceTopic,
        answers: [{ question_id: 0, sid: lower }, ...(await spokenAnswers(kid)).slice(1)],
      },
      { as: kid },
    );
    expect(bad.errmsg).toBe(learnMessages.sidMismatch);
  });

  it('every item answered exactly once: 400 with the message', async () => {
    const s = await setup();
    const kid = s.kids[0]!;
    const good = await spokenAnswers(kid);
    const send = (answers: unknown[], topic = s.sentenceTopic) =>
      call(t, submitTopic, { homework_id: s.homeworkId, topic_id: topic, answers }, { as: kid });
    const cases: [unknown[], string, number?][] = [
      [[], learnMessages.answersRequired],
      [good.slice(0, 2), learnMessages.answerMissing],
      [[...good, { question_id: 3, sid: good[0]!.sid }], learnMessages.unknownQuestion],
      [[good[0], good[0], good[1]], learnMessages.unknownQuestion],
      [[{ question_id: 0 }, ...good.slice(1)], learnMessages.answerMissing],
      [[{ question_id: 0, answer: '1' }, { question_id: 1 }], learnMessages.answerMissing, s.choiceTopic],
      [
        [
          { question_id: 0, answer: '7' },
          { question_id: 1, answer: '0' },
        ],
        learnMessages.answerMissing,
        s.choiceTopic,
      ],
      [
        [
          { question_id: 0, answer: 'x' },
          { question_id: 1, answer: '0' },
        ],
        learnMessages.answerMissing,
        s.choiceTopic,
      ],
    ];
    const before = await countRows();
    for (const [answers, message, topic] of cases) {
      const r = await send(answers, topic);
      expect([r.status, r.errmsg], JSON.stringify(answers)).toEqual([400, message]);
    }
    expect(await countRows()).toEqual(before);
  });

  it('required times: the homework is done when every topic has that many submissions', async () => {
    const s = await setup({ requiredTimes: 2, resourceIds: [sentences.id] });
    const kid = s.kids[0]!;
    const submit = async (score: number) =>
      call(
        t,
        submitTopic,
        {
          homework_id: s.homeworkId,
          topic_id: s.sentenceTopic,
          answers: await spokenAnswers(kid, sentenceTexts, score),
        },
        { as: kid },
      );
    const first = await submit(70);
    expect(first.data).toMatchObject({ practice_count: 1, best_score: 71, homework_done: false });
    const second = await submit(50);
    expect(second.data).toMatchObject({ practice_count: 2, best_score: 71, homework_done: true });
    const [progress] = await t.db.select().from(topicProgress).where(eq(topicProgress.topicId, s.sentenceTopic));
    expect(progress).toMatchObject({
      practiceCount: 2,
      bestScore: 71,
      lastScore: 51,
      bestAttemptId: first.data.attempt_id,
      durationMs: 9000,
    });
    const third = await submit(90);
    expect(third.data).toMatchObject({ practice_count: 3, best_score: 91 });
    const best = await call(
      t,
      getStudentTopicResult,
      { homework_id: s.homeworkId, topic_id: s.sentenceTopic },
      { as: kid },
    );
    expect(best.data.result!.attempt_id).toBe(third.data.attempt_id);
  });

  it('deadline: refused after it; reissued homework opens again for the reissued child only', async () => {
    const s = await setup({ resourceIds: [sentences.id] });
    const [done, late] = s.kids as [SignedInStudent, SignedInStudent];
    const ok = await call(
      t,
      submitTopic,
      { homework_id: s.homeworkId, topic_id: s.sentenceTopic, answers: await spokenAnswers(done) },
      { as: done },
    );
    expect(ok.data.homework_done).toBe(true);
    clock.set(new Date(start.getTime() + 8 * day));
    const tooLate = await call(
      t,
      submitTopic,
      { homework_id: s.homeworkId, topic_id: s.sentenceTopic, answers: await spokenAnswers(late) },
      { as: late },
    );
    expect([tooLate.errcode, tooLate.errmsg]).toEqual([ErrorCode.DEADLINE_PASSED, learnMessages.deadlinePassed]);
    const overdue = (await call(t, getStudentHomeworkList, { state: 'overdue' }, { as: late })).data.rows;
    expect(overdue.map((r) => r.homework_id)).toEqual([s.homeworkId]);

    const reissue = await call(t, delayHomework, { homework_id: s.homeworkId }, { as: teacher });
    expect(reissue.data.student_count).toBe(1);
    const row = (await call(t, getStudentHomeworkList, {}, { as: late })).data.rows[0]!;
    expect(row).toMatchObject({ state: 'open', reissued: true, end_time: reissue.data.end_time });
    const doneRow = (await call(t, getStudentHomeworkList, {}, { as: done })).data.rows.find(
      (r) => r.homework_id === s.homeworkId,
    )!;
    expect(doneRow).toMatchObject({ state: 'done', reissued: false });
    const now = await call(
      t,
      submitTopic,
      { homework_id: s.homeworkId, topic_id: s.sentenceTopic, answers: await spokenAnswers(late) },
      { as: late },
    );
    expect(now.data.homework_done).toBe(true);
    const again = await call(
      t,
      submitTopic,
      { homework_id: s.homeworkId, topic_id: s.sentenceTopic, answers: await spokenAnswers(done) },
      { as: done },
    );
    expect(again.errmsg).toBe(learnMessages.deadlinePassed);
  });

  it('races: the same sids submitted at once pass once; two topics finished at once make the homework done', async () => {
    const s = await setup();
    const kid = s.kids[0]!;
    const good = await spokenAnswers(kid);
    const send = () =>
      call(t, submitTopic, { homework_id: s.homeworkId, topic_id: s.sentenceTopic, answers: good }, { as: kid });
    const replies = await Promise.all([send(), send(), send()]);
    expect(replies.map((r) => r.errcode).sort()).toEqual([0, ErrorCode.SID_USED, ErrorCode.SID_USED]);
    const progress = await t.db.select().from(topicProgress).where(eq(topicProgress.topicId, s.sentenceTopic));
    expect(progress.map((p) => p.practiceCount)).toEqual([1]);

    const other = s.kids[1]!;
    const both = await Promise.all([
      call(
        t,
        submitTopic,
        { homework_id: s.homeworkId, topic_id: s.sentenceTopic, answers: await spokenAnswers(other) },
        { as: other },
      ),
      call(
        t,
        submitTopic,
        {
          homework_id: s.homeworkId,
          topic_id: s.choiceTopic!,
          answers: [
            { question_id: 0, answer: '1' },
            { question_id: 1, answer: '0' },
          ],
        },
        { as: other },
      ),
    ]);
    expect(both.map((r) => r.data.homework_done).sort()).toEqual([false, true]);
    const detail = await call(t, getHomeworkDetail, { homework_id: s.homeworkId }, { as: teacher });
    expect(detail.data.submitted_count).toBe(1);
  });

  it('an article is read whole: question 0 with the whole text, read_chapter', async () => {
    const article = await buildArticleResource(t);
    const s = await setup({ resourceIds: [article.id] });
    const kid = s.kids[0]!;
    const content = await call(
      t,
      getStudentTopicContent,
      { homework_id: s.homeworkId, topic_id: s.sentenceTopic },
      { as: kid },
    );
    expect(content.data.items.map((i) => [i.index, i.screen_text, i.category])).toEqual([
      [0, articleText, 'read_chapter'],
    ]);
    expect(content.data.full_text!.sentences).toHaveLength(2);
    const sid = await buildEvaluationResult(t, {
      studentId: kid.id,
      text: articleText,
      category: 'read_chapter',
      score: 66,
    });
    const r = await call(
      t,
      submitTopic,
      { homework_id: s.homeworkId, topic_id: s.sentenceTopic, answers: [{ question_id: 0, sid }] },
      { as: kid },
    );
    expect(r.data).toMatchObject({ score: 66, homework_done: true });
  });
});

describe('self-practice and history', () => {
  it("practises material the child's teacher may see, and lists the child's own submissions", async () => {
    const s = await setup({ resourceIds: [sentences.id] });
    const kid = s.kids[0]!;
    const mine = await buildSentenceResource(t, { teacher: teacher.teacher, texts: ['My own sentence.'] });
    const stranger = await buildSentenceResource(t, {
      teacher: (await teacherWithToken(t)).teacher,
      texts: ['Not yours.'],
    });

    const list = await call(t, getSelfPracticeList, { type: 'sentence_reading', limit: 100 }, { as: kid });
    const ids = list.data.rows.map((r) => r.resource_id);
    expect(ids).toContain(mine.id);
    expect(ids).toContain(sentences.id);
    expect(ids).not.toContain(stranger.id);
    const hidden = await call(t, getSelfPracticeContent, { resource_id: stranger.id }, { as: kid });
    expect([hidden.status, hidden.errmsg]).toEqual([404, learnMessages.resourceNotFound]);

    const content = await call(t, getSelfPracticeContent, { resource_id: mine.id }, { as: kid });
    expect(content.data).toMatchObject({ resource_id: mine.id, practice_count: 0, best_score: null });
    const sid = await buildEvaluationResult(t, {
      studentId: kid.id,
      text: 'My own sentence.',
      category: 'read_sentence',
      score: 90,
    });
    const r = await call(
      t,
      submitSelfPractice,
      { resource_id: mine.id, answers: [{ question_id: 0, sid }] },
      { as: kid },
    );
    expect(r.data).toMatchObject({ score: 90, practice_count: 1, best_score: 90, homework_done: null });
    const refused = await call(
      t,
      submitSelfPractice,
      { resource_id: stranger.id, answers: [{ question_id: 0, sid: 'x' }] },
      { as: kid },
    );
    expect(refused.status).toBe(404);
    const after = await call(t, getSelfPracticeList, { type: 'sentence_reading', limit: 100 }, { as: kid });
    expect(after.data.rows.find((x) => x.resource_id === mine.id)).toMatchObject({ practice_count: 1, best_score: 90 });

    clock.set(new Date(start.getTime() + 60_000));
    await call(
      t,
      submitTopic,
      { homework_id: s.homeworkId, topic_id: s.sentenceTopic, answers: await spokenAnswers(kid) },
      { as: kid },
    );
    const history = await call(t, getPracticeHistory, {}, { as: kid });
    expect(history.data.total).toBe(2);
    expect(history.data.rows.map((x) => [x.homework_id, x.title, x.type])).toEqual([
      [
        s.homeworkId,
        (await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.id, s.sentenceTopic)))[0]!.title,
        'sentence_reading',
      ],
      [null, mine.title, 'sentence_reading'],
    ]);
    const otherHistory = await call(t, getPracticeHistory, {}, { as: s.kids[1] });
    expect(otherHistory.data).toMatchObject({ rows: [], total: 0 });
  });
});
