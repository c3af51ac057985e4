import {
  correctAnswerWord,
  getAllTopicOverview,
  getOneTopicOverview,
  getOneTopicQuestionOverview,
  getStudentHomeworkTopicDetails,
  getTopicScoreOverviewX,
  getTopicScoreOverviewY,
  messages,
  resultsMessages,
  type EvaluationWordData,
} from '@ondoku/contract';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  attemptAnswers,
  attempts,
  homeworkTopics,
  libraryResources,
  students,
  topicProgress,
} from '../../db/schema/index.js';
import { createClassroomResource } from '../library/index.js';
import { call } from '../../test/call.js';
import { submitAttempt, type FactoryAnswer } from '../../test/attempt-factories.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildHomework, buildResource } from '../../test/homework-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import * as scoring from './scoring.js';

/**
 * The results calls on a homework of two topics (sentence reading of three sentences, grammar
 * choice of three questions) and three children: s1 submitted topic A twice and B once, s2 each
 * once, s3 nothing. Every expected number below is computed by hand from these submissions.
 */
let t: TestApp;
let owner: SignedInTeacher;
let other: SignedInTeacher;
let hwId: number;
let topicA: number;
let topicB: number;
let s1: string, s2: string, s3: string;
let a1: number, a2: number, b1: number;

const T1 = new Date('2026-04-08T01:00:00Z');
const T2 = new Date('2026-04-08T02:00:00Z');

const w = (
  word: string,
  score: number,
  type: EvaluationWordData['type'] = score < 60 ? 'mispronounced' : 'normal',
) => ({
  word,
  score,
  type,
  start_ms: 0,
  end_ms: 100,
});
const spoken = (
  question_id: number,
  total: number,
  parts: { accuracy: number; fluency: number; integrity: number },
  words?: EvaluationWordData[],
): FactoryAnswer => ({ question_id, total, ...parts, words });
const good = { accuracy: 0, fluency: 90, integrity: 100 };

beforeAll(async () => {
  // The evaluation module signs recording URLs (branch learn-socket); the app takes the signer as a dependency.
  t = await buildTestApp({ recordingUrl: (key) => `/api/v2/recording/${key}?sig=test` });
  owner = await teacherWithToken(t);
  other = await teacherWithToken(t);
  const klass = await buildClass(t, { teacher: owner.teacher });
  [s1, s2, s3] = (await buildStudents(t, 3, { teacher: owner.teacher, classIds: [klass.id] })) as [
    string,
    string,
    string,
  ];
  for (const [login, number] of [
    [s1, '1'],
    [s2, '2'],
    [s3, '10'],
  ] as const)
    await t.db.update(students).set({ number }).where(eq(students.loginId, login));
  const reading = await createClassroomResource(
    t.db,
    owner.teacher,
    {
      type: 'sentence_reading',
      title: '好きなもの',
      grade: 3,
      sentences: [
        { text: 'I like apples.', translation: 'りんごが好きです。' },
        { text: 'She reads books every day.', translation: '彼女は毎日本を読みます。' },
        { text: 'We play soccer.', translation: 'サッカーをします。' },
      ],
    },
    t.media,
  );
  const choice = await buildResource(t, { type: 'grammar_choice', title: '文法' });
  const options = (right: number) =>
    ['is', 'are', 'am'].map((content, index) => ({ index, content, type: 'text' as const, correct: index === right }));
  await t.db
    .update(libraryResources)
    .set({
      content: {
        full_text: null,
        items: ['He ___ a student.', 'They ___ friends.', 'I ___ happy.'].map((text, index) => ({
          index,
          screen_text: text,
          screen_text_translation: '',
          screen_pic: null,
          audio_file: null,
          answers: options([0, 1, 2][index]!),
        })),
      },
    })
    .where(eq(libraryResources.id, choice.id));
  const hw = await buildHomework(t, {
    teacher: owner.teacher,
    students: 0,
    input: { team_ids: [klass.id], resource_ids: [reading.id, choice.id] },
  });
  hwId = hw.homeworkId;
  const topics = await t.db
    .select()
    .from(homeworkTopics)
    .where(eq(homeworkTopics.homeworkId, hwId))
    .orderBy(homeworkTopics.position);
  topicA = topics[0]!.id;
  topicB = topics[1]!.id;

  const books = (scores: number[]) => ['She', 'reads', 'books', 'every', 'day.'].map((x, i) => w(x, scores[i]!));
  // s1, topic A: 80 (80, 70, 90) then 79.33 (90, 60, 88): the best stays the first.
  a1 = (
    await submitAttempt(t, {
      homeworkId: hwId,
      topicId: topicA,
      student: s1,
      at: T1,
      answers: [
        spoken(0, 80, { ...good, accuracy: 80 }),
        spoken(1, 70, { ...good, accuracy: 70 }, books([90, 90, 50, 90, 90])),
        spoken(2, 90, { ...good, accuracy: 90 }),
      ],
    })
  ).id;
  a2 = (
    await submitAttempt(t, {
      homeworkId: hwId,
      topicId: topicA,
      student: s1,
      at: T2,
      answers: [
        spoken(0, 90, { ...good, accuracy: 90 }),
        spoken(1, 60, { accuracy: 72, fluency: 80, integrity: 100 }, [
          ...books([90, 85, 40, 55, 90]),
          w('', 0, 'inserted'),
        ]),
        spoken(2, 88, { ...good, accuracy: 88 }),
      ],
    })
  ).id;
  b1 = (
    await submitAttempt(t, {
      homeworkId: hwId,
      topicId: topicB,
      student: s1,
      at: T2,
      answers: [
        { question_id: 0, choice: 1, correct: true },
        { question_id: 1, choice: 0, correct: false },
        { question_id: 2, choice: 2, correct: true },
      ],
    })
  ).id;
  // s2: 60 (60, 50, 70) on A, every choice right on B.
  await submitAttempt(t, {
    homeworkId: hwId,
    topicId: topicA,
    student: s2,
    at: T1,
    answers: [
      spoken(0, 60, { accuracy: 60, fluency: 80, integrity: 67 }, [
        w('I', 90),
        w('like', 90),
        w('apples.', 0, 'omitted'),
      ]),
      spoken(1, 50, { accuracy: 50, fluency: 80, integrity: 100 }, books([90, 85, 30, 90, 90])),
      spoken(2, 70, { accuracy: 70, fluency: 80, integrity: 100 }),
    ],
  });
  await submitAttempt(t, {
    homeworkId: hwId,
    topicId: topicB,
    student: s2,
    at: T1,
    answers: [0, 1, 2].map((q) => ({ question_id: q, choice: q, correct: true })),
  });
});
afterAll(() => t.close());

const student = (id: string, number: string) => ({ student_id: id, name: expect.any(String), number });

describe('the factory writes what a submission writes', () => {
  it('progress: practice count, best (not replaced by a lower score), last; the recipients who finished', async () => {
    const rows = await t.db.select().from(topicProgress).where(eq(topicProgress.topicId, topicA));
    const mine = rows.find((r) => r.bestAttemptId === a1)!;
    expect(mine).toMatchObject({ practiceCount: 2, bestScore: 80, durationMs: 18_000 });
    expect(mine.lastScore).toBeCloseTo(79.333, 3);
  });
});

describe('homework/all-topic-overview', () => {
  it('401 without a token; 400 for a bad id; 404 for another teacher', async () => {
    expect((await call(t, getAllTopicOverview, { homework_id: hwId })).status).toBe(401);
    const bad = await call(t, getAllTopicOverview, { homework_id: 'x' }, { as: owner });
    expect([bad.status, bad.errmsg]).toEqual([400, messages.badRequest]);
    const theirs = await call(t, getAllTopicOverview, { homework_id: hwId }, { as: other });
    expect([theirs.status, theirs.errmsg]).toEqual([404, messages.notFound]);
  });

  it('submission rate, per-topic averages and distributions, the children who have not submitted', async () => {
    const { data, status } = await call(t, getAllTopicOverview, { homework_id: hwId }, { as: owner });
    expect(status).toBe(200);
    expect(data).toMatchObject({ homework_id: hwId, assigned_count: 3, submitted_count: 2 });
    // s1: (80 + 66.67) / 2 = 73.33; s2: (60 + 100) / 2 = 80.
    expect(data.average_score).toBe(76.7);
    expect(data.distribution).toEqual([0, 0, 0, 0, 0, 0, 0, 1, 1, 0]);
    expect(data.topics).toEqual([
      expect.objectContaining({
        topic_id: topicA,
        recipient_count: 3,
        submitted_count: 2,
        average_score: 70,
        accuracy_score: 70,
        fluency_score: 85,
        // s1: 100; s2: (67 + 100 + 100) / 3 = 89.
        integrity_score: 94.5,
        distribution: [0, 0, 0, 0, 0, 0, 1, 0, 1, 0],
      }),
      expect.objectContaining({
        topic_id: topicB,
        submitted_count: 2,
        average_score: 83.3,
        accuracy_score: null,
        distribution: [0, 0, 0, 0, 0, 0, 1, 0, 0, 1],
      }),
    ]);
    expect(data.unsubmitted).toEqual([student(s3, '10')]);
  });
});

describe('homework/one-topic-overview', () => {
  it('refuses without a token, a topic of another homework, another teacher', async () => {
    expect((await call(t, getOneTopicOverview, { homework_id: hwId, topic_id: topicA })).status).toBe(401);
    const missing = await call(t, getOneTopicOverview, { homework_id: hwId }, { as: owner });
    expect([missing.status, missing.errmsg]).toEqual([400, messages.badRequest]);
    const elsewhere = await buildHomework(t, { teacher: owner.teacher });
    const [foreignTopic] = await t.db
      .select()
      .from(homeworkTopics)
      .where(eq(homeworkTopics.homeworkId, elsewhere.homeworkId));
    expect(
      (await call(t, getOneTopicOverview, { homework_id: hwId, topic_id: foreignTopic!.id }, { as: owner })).status,
    ).toBe(404);
    expect((await call(t, getOneTopicOverview, { homework_id: hwId, topic_id: topicA }, { as: other })).status).toBe(
      404,
    );
  });

  it('every child in register order with practice count, best and last score', async () => {
    const { data } = await call(t, getOneTopicOverview, { homework_id: hwId, topic_id: topicA }, { as: owner });
    expect(data.topic).toMatchObject({ topic_id: topicA, average_score: 70, submitted_count: 2 });
    expect(data.rows).toEqual([
      {
        ...student(s1, '1'),
        practice_count: 2,
        best_score: 80,
        last_score: 79.3,
        last_at: T2.toISOString(),
        duration_ms: 18_000,
      },
      {
        ...student(s2, '2'),
        practice_count: 1,
        best_score: 60,
        last_score: 60,
        last_at: T1.toISOString(),
        duration_ms: 9000,
      },
      { ...student(s3, '10'), practice_count: 0, best_score: null, last_score: null, last_at: null, duration_ms: 0 },
    ]);
  });
});

describe('homework/one-topic-question-overview', () => {
  it('401 and 404 for another teacher', async () => {
    expect((await call(t, getOneTopicQuestionOverview, { homework_id: hwId, topic_id: topicA })).status).toBe(401);
    expect(
      (await call(t, getOneTopicQuestionOverview, { homework_id: hwId, topic_id: topicA }, { as: other })).status,
    ).toBe(404);
  });

  it('per item: class average over best submissions and the hardest words with how many children missed them', async () => {
    const { data } = await call(t, getOneTopicQuestionOverview, { homework_id: hwId, topic_id: topicA }, { as: owner });
    expect(data.rows).toEqual([
      {
        question_id: 0,
        screen_text: 'I like apples.',
        answer_count: 2,
        average_score: 70,
        correct_rate: null,
        hardest_words: [{ word: 'apples', student_count: 1 }],
      },
      {
        question_id: 1,
        screen_text: 'She reads books every day.',
        answer_count: 2,
        average_score: 60,
        correct_rate: null,
        hardest_words: [{ word: 'books', student_count: 2 }],
      },
      {
        question_id: 2,
        screen_text: 'We play soccer.',
        answer_count: 2,
        average_score: 80,
        correct_rate: null,
        hardest_words: [],
      },
    ]);
    expect(data.hardest_words).toEqual([
      { word: 'books', student_count: 2 },
      { word: 'apples', student_count: 1 },
    ]);
  });

  it('choices: the share of right answers', async () => {
    const { data } = await call(t, getOneTopicQuestionOverview, { homework_id: hwId, topic_id: topicB }, { as: owner });
    expect(data.rows.map((r) => [r.question_id, r.answer_count, r.average_score, r.correct_rate])).toEqual([
      [0, 2, 100, 100],
      [1, 2, 50, 50],
      [2, 2, 100, 100],
    ]);
  });
});

describe('homework/topic-score-overview-x and -y (the matrix)', () => {
  it('401 and 404 for another teacher', async () => {
    expect((await call(t, getTopicScoreOverviewX, { homework_id: hwId })).status).toBe(401);
    expect((await call(t, getTopicScoreOverviewY, { homework_id: hwId })).status).toBe(401);
    expect((await call(t, getTopicScoreOverviewX, { homework_id: hwId }, { as: other })).status).toBe(404);
    expect((await call(t, getTopicScoreOverviewY, { homework_id: hwId }, { as: other })).status).toBe(404);
    const bad = await call(t, getTopicScoreOverviewY, { homework_id: hwId, limit: 0 }, { as: owner });
    expect(bad.status).toBe(400);
  });

  it('x: the topics in order with their class average', async () => {
    const { data } = await call(t, getTopicScoreOverviewX, { homework_id: hwId }, { as: owner });
    expect(data.rows.map((r) => [r.topic_id, r.position, r.average_score, r.submitted_count])).toEqual([
      [topicA, 1, 70, 2],
      [topicB, 2, 83.3, 2],
    ]);
  });

  it('y: 5 children a page by default, best score per topic, the mean over all topics', async () => {
    const { data } = await call(t, getTopicScoreOverviewY, { homework_id: hwId }, { as: owner });
    expect(data).toEqual({
      rows: [
        {
          ...student(s1, '1'),
          submitted: true,
          done: true,
          practice_count: 1,
          cells: [
            { topic_id: topicA, best_score: 80, practice_count: 2 },
            { topic_id: topicB, best_score: 66.7, practice_count: 1 },
          ],
          average_score: 73.3,
        },
        {
          ...student(s2, '2'),
          submitted: true,
          done: true,
          practice_count: 1,
          cells: [
            { topic_id: topicA, best_score: 60, practice_count: 1 },
            { topic_id: topicB, best_score: 100, practice_count: 1 },
          ],
          average_score: 80,
        },
        {
          ...student(s3, '10'),
          submitted: false,
          done: false,
          practice_count: 0,
          cells: [
            { topic_id: topicA, best_score: null, practice_count: 0 },
            { topic_id: topicB, best_score: null, practice_count: 0 },
          ],
          average_score: null,
        },
      ],
      total: 3,
      page: 1,
      limit: 5,
    });
    const second = await call(t, getTopicScoreOverviewY, { homework_id: hwId, page: 2, limit: 2 }, { as: owner });
    expect([second.data.rows.map((r) => r.student_id), second.data.total]).toEqual([[s3], 3]);
  });
});

describe('team/student-homework-topic-details (the answer paper)', () => {
  const input = () => ({ homework_id: hwId, topic_id: topicA, student_id: s1 });

  it('401, 400, 404 for another teacher, a child not given the homework, an attempt of another child', async () => {
    expect((await call(t, getStudentHomeworkTopicDetails, input())).status).toBe(401);
    const bad = await call(t, getStudentHomeworkTopicDetails, { homework_id: hwId, topic_id: topicA }, { as: owner });
    expect(bad.status).toBe(400);
    expect((await call(t, getStudentHomeworkTopicDetails, input(), { as: other })).status).toBe(404);
    const [stranger] = await buildStudents(t, 1, { teacher: owner.teacher });
    expect(
      (await call(t, getStudentHomeworkTopicDetails, { ...input(), student_id: stranger! }, { as: owner })).status,
    ).toBe(404);
    expect(
      (await call(t, getStudentHomeworkTopicDetails, { ...input(), student_id: s2, attempt_id: a1 }, { as: owner }))
        .status,
    ).toBe(404);
  });

  it('the best submission merged with the preview, the class averages per item, the submissions to choose from', async () => {
    const { data } = await call(t, getStudentHomeworkTopicDetails, input(), { as: owner });
    expect(data.student).toEqual(student(s1, '1'));
    expect(data).toMatchObject({ practice_count: 2, best_score: 80 });
    expect(data.attempt).toMatchObject({ attempt_id: a1, score: 80, accuracy_score: 80, fluency_score: 90 });
    expect(data.attempts.map((a) => [a.attempt_id, a.score])).toEqual([
      [a2, 79.3],
      [a1, 80],
    ]);
    expect(data.detail?.items.map((i) => [i.index, i.screen_text])).toEqual([
      [0, 'I like apples.'],
      [1, 'She reads books every day.'],
      [2, 'We play soccer.'],
    ]);
    expect(data.averages).toEqual([{ score: 70 }, { score: 60 }, { score: 80 }]);
    expect(data.answers.map((a) => [a.question_id, a.score, a.has_recording])).toEqual([
      [0, 80, true],
      [1, 70, true],
      [2, 90, true],
    ]);
    const [recorded] = await t.db
      .select()
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, a1), eq(attemptAnswers.questionId, 0)));
    expect(data.answers[0]!.sound_file).toBe(`/api/v2/recording/${recorded!.audioKey}?sig=test`);
    expect(data.answers[1]!.words!.map((x) => [x.word, x.type])).toEqual([
      ['She', 'normal'],
      ['reads', 'normal'],
      ['books', 'mispronounced'],
      ['every', 'normal'],
      ['day.', 'normal'],
    ]);
    expect(data.answers[1]!.evaluate_html).toContain(
      '<span class="word bad mispronounced" data-score="50">books</span>',
    );
  });

  it('another submission by attempt_id; choices carry the chosen index and the marking', async () => {
    const { data } = await call(t, getStudentHomeworkTopicDetails, { ...input(), attempt_id: a2 }, { as: owner });
    expect(data.attempt?.attempt_id).toBe(a2);
    expect(data.answers.map((a) => a.score)).toEqual([90, 60, 88]);
    const b = await call(
      t,
      getStudentHomeworkTopicDetails,
      { homework_id: hwId, topic_id: topicB, student_id: s1 },
      { as: owner },
    );
    expect(b.data.attempt?.attempt_id).toBe(b1);
    expect(b.data.answers.map((a) => [a.answer_result, a.correct, a.score, a.has_recording, a.sound_file])).toEqual([
      [1, true, 100, false, null],
      [0, false, 0, false, null],
      [2, true, 100, false, null],
    ]);
  });

  it('a child without a submission: no attempt, no answers, the class averages still', async () => {
    const { data } = await call(t, getStudentHomeworkTopicDetails, { ...input(), student_id: s3 }, { as: owner });
    expect(data).toMatchObject({ practice_count: 0, best_score: null, attempt: null, answers: [], attempts: [] });
    expect(data.averages).toEqual([{ score: 70 }, { score: 60 }, { score: 80 }]);
  });
});

describe('homework/correct-answer-word', () => {
  const fix = (over: Partial<{ attempt_id: number; question_id: number; word_index: number; type: string }> = {}) => ({
    attempt_id: a2,
    question_id: 1,
    word_index: 2,
    type: 'normal',
    ...over,
  });

  it('401, 400 (type, an omitted or inserted word, no such word), 404 for another teacher', async () => {
    expect((await call(t, correctAnswerWord, fix())).status).toBe(401);
    const type = await call(t, correctAnswerWord, fix({ type: 'omitted' }), { as: owner });
    expect(type.status).toBe(400);
    const inserted = await call(t, correctAnswerWord, fix({ word_index: 5 }), { as: owner });
    expect([inserted.status, inserted.errmsg]).toEqual([400, resultsMessages.wordNotCorrectable]);
    const none = await call(t, correctAnswerWord, fix({ word_index: 9 }), { as: owner });
    expect([none.status, none.errmsg]).toEqual([400, resultsMessages.wordIndexWrong]);
    const choice = await call(t, correctAnswerWord, fix({ attempt_id: b1, question_id: 0, word_index: 0 }), {
      as: owner,
    });
    expect([choice.status, choice.errmsg]).toEqual([400, resultsMessages.wordIndexWrong]);
    expect((await call(t, correctAnswerWord, fix({ question_id: 7 }), { as: owner })).status).toBe(404);
    expect((await call(t, correctAnswerWord, fix(), { as: other })).status).toBe(404);
    const [answer] = await t.db
      .select()
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, a2), eq(attemptAnswers.questionId, 1)));
    expect([answer!.score, answer!.corrections]).toEqual([60, null]);
  });

  it('mispronounced → correct: the answer, the submission and the best score move; back again restores them', async () => {
    // books 40 → 60: accuracy 72 + 20/5 = 76; total 60 + 0.96·(76 − 72) = 63.84 → 64.
    // The submission: (90 + 64 + 88) / 3 = 80.67 > 80, so it becomes the best.
    const res = await call(t, correctAnswerWord, fix(), { as: owner });
    expect(res.status).toBe(200);
    expect(res.data).toMatchObject({ attempt_score: 80.7, best_score: 80.7, best_attempt_id: a2 });
    expect(res.data.answer).toMatchObject({ question_id: 1, score: 64, accuracy_score: 76 });
    expect(res.data.answer.words![2]).toEqual({
      word: 'books',
      score: 60,
      type: 'normal',
      start_ms: 0,
      end_ms: 100,
      corrected_from: 'mispronounced',
    });
    expect(res.data.answer.evaluate_html).toContain('<span class="word medium corrected" data-score="60">books</span>');
    const [answer] = await t.db
      .select()
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, a2), eq(attemptAnswers.questionId, 1)));
    expect(answer!.corrections).toEqual([
      { index: 2, type: 'normal', teacher_id: owner.teacher.id, at: expect.any(String) },
    ]);
    expect(answer!.words![2]!.type).toBe('mispronounced');
    const [progress] = await t.db
      .select()
      .from(topicProgress)
      .where(eq(topicProgress.topicId, topicA))
      .then((rows) => rows.filter((r) => r.practiceCount === 2));
    expect(progress!.bestAttemptId).toBe(a2);
    expect(progress!.bestScore).toBeCloseTo(80.667, 3);
    expect(progress!.lastScore).toBeCloseTo(80.667, 3);

    // The answer paper now opens on the new best, with the correction shown.
    const paper = await call(
      t,
      getStudentHomeworkTopicDetails,
      { homework_id: hwId, topic_id: topicA, student_id: s1 },
      { as: owner },
    );
    expect(paper.data.attempt?.attempt_id).toBe(a2);
    expect(paper.data.answers[1]!.words![2]!.corrected_from).toBe('mispronounced');
    // The class average of item 1 now reads s1's corrected best: (64 + 50) / 2.
    expect(paper.data.averages[1]).toEqual({ score: 57 });

    // A correct word judged mispronounced: reads 85 → 59, accuracy 76 − 26/5 = 70.8.
    const worse = await call(t, correctAnswerWord, fix({ word_index: 1, type: 'mispronounced' }), { as: owner });
    expect(worse.data.answer).toMatchObject({ score: 59, accuracy_score: 70.8 });
    await call(t, correctAnswerWord, fix({ word_index: 1, type: 'normal' }), { as: owner });

    const back = await call(t, correctAnswerWord, fix({ type: 'mispronounced' }), { as: owner });
    expect(back.data).toMatchObject({ attempt_score: 79.3, best_score: 80, best_attempt_id: a1 });
    expect(back.data.answer).toMatchObject({ score: 60, accuracy_score: 72 });
    const [after] = await t.db
      .select()
      .from(attemptAnswers)
      .where(and(eq(attemptAnswers.attemptId, a2), eq(attemptAnswers.questionId, 1)));
    expect([after!.score, after!.corrections]).toEqual([60, []]);
    const [attempt] = await t.db.select().from(attempts).where(eq(attempts.id, a2));
    expect(attempt!.score).toBeCloseTo(79.333, 3);
  });
});

describe('the scoring rule', () => {
  it('uses the evaluator total weights (packages/speech scores.ts)', async () => {
    const speech = await import('@ondoku/speech/internals');
    expect(scoring.TOTAL_WEIGHTS).toEqual(speech.scores.TOTAL_WEIGHTS);
    expect(scoring.MISPRONOUNCED_BELOW).toBe(speech.scores.MISPRONOUNCED_BELOW);
  });
});
