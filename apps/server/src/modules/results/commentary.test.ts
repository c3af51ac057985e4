import {
  commentaryMessages,
  correctAnswerWord,
  getAllTopicOverview,
  getCommentary,
  getCommentDraft,
  getHeadquarterHomeworkTopicList,
  getHeadquarterTopicAnswerOverview,
  getHeadquarterTopicAnswerPaper,
  getOneTopicOverview,
  getReadingHomeworkBasicInfo,
  getReadingHomeworkTopicList,
  getReadingTopicAnswerPaper,
  getStudentHomeworkTopicDetails,
  messages,
  saveCommentDraft,
  type EvaluationWordData,
} from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homework, homeworkCommentDrafts, homeworkTopics, libraryResources } from '../../db/schema/index.js';
import { publishHeadquartersHomework } from '../homework/index.js';
import { createClassroomResource } from '../library/index.js';
import { submitAttempt } from '../../test/attempt-factories.js';
import { call } from '../../test/call.js';
import { buildClass, buildStudents, teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildHomework, buildResource } from '../../test/homework-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';

/**
 * The commentary, the comment draft and the reading / headquarters homework calls on a homework
 * of two topics — A: sentence reading ('I like apples.', 'We play soccer.'), B: grammar choice
 * (right answers 0 and 1) — and three children:
 *   s1: A 50 (apples mispronounced), 90; B chose 1 ✗, 1 ✓
 *   s2: A 70 (apples omitted), 80 (soccer mispronounced); B chose 2 ✗, 0 ✗
 *   s3: B only: chose 1 ✗, 1 ✓
 * Every expected number below is computed by hand from these submissions.
 */
let t: TestApp;
let owner: SignedInTeacher;
let other: SignedInTeacher;
let hwId: number;
let topicA: number;
let topicB: number;
let s1: string, s2: string, s3: string;
let s1AttemptA: number;
let hqId: number;
let hqTopic: number;

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
const parts = (accuracy: number) => ({ accuracy, fluency: 80, integrity: 100 });

beforeAll(async () => {
  // Recording URLs without an expiry: two calls a second apart sign different ones (the answer
  // papers of two calls are compared whole below).
  t = await buildTestApp({ recordingUrl: (key) => `/api/v2/recording/${key}` });
  owner = await teacherWithToken(t);
  other = await teacherWithToken(t);
  const klass = await buildClass(t, { teacher: owner.teacher });
  [s1, s2, s3] = (await buildStudents(t, 3, { teacher: owner.teacher, classIds: [klass.id] })) as [
    string,
    string,
    string,
  ];
  const reading = await createClassroomResource(
    t.db,
    owner.teacher,
    {
      type: 'sentence_reading',
      title: '好きなもの',
      grade: 3,
      sentences: [
        { text: 'I like apples.', translation: 'りんごが好きです。' },
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
        items: ['He ___ a student.', 'They ___ friends.'].map((text, index) => ({
          index,
          screen_text: text,
          screen_text_translation: '',
          screen_pic: null,
          audio_file: null,
          answers: options(index),
        })),
      },
    })
    .where(eq(libraryResources.id, choice.id));
  hwId = (
    await buildHomework(t, {
      teacher: owner.teacher,
      students: 0,
      input: { team_ids: [klass.id], resource_ids: [reading.id, choice.id] },
    })
  ).homeworkId;
  [topicA, topicB] = (
    await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, hwId)).orderBy(homeworkTopics.position)
  ).map((r) => r.id) as [number, number];

  s1AttemptA = (
    await submitAttempt(t, {
      homeworkId: hwId,
      topicId: topicA,
      student: s1,
      answers: [
        { question_id: 0, total: 50, ...parts(50), words: [w('I', 90), w('like', 90), w('apples.', 40)] },
        { question_id: 1, total: 90, ...parts(90), words: [w('We', 90), w('play', 90), w('soccer.', 90)] },
      ],
    })
  ).id;
  await submitAttempt(t, {
    homeworkId: hwId,
    topicId: topicB,
    student: s1,
    answers: [
      { question_id: 0, choice: 1, correct: false },
      { question_id: 1, choice: 1, correct: true },
    ],
  });
  await submitAttempt(t, {
    homeworkId: hwId,
    topicId: topicA,
    student: s2,
    answers: [
      { question_id: 0, total: 70, ...parts(70), words: [w('I', 90), w('like', 90), w('apples', 0, 'omitted')] },
      { question_id: 1, total: 80, ...parts(80), words: [w('We', 90), w('play', 90), w('soccer.', 30)] },
    ],
  });
  await submitAttempt(t, {
    homeworkId: hwId,
    topicId: topicB,
    student: s2,
    answers: [
      { question_id: 0, choice: 2, correct: false },
      { question_id: 1, choice: 0, correct: false },
    ],
  });
  await submitAttempt(t, {
    homeworkId: hwId,
    topicId: topicB,
    student: s3,
    answers: [
      { question_id: 0, choice: 1, correct: false },
      { question_id: 1, choice: 1, correct: true },
    ],
  });

  // A headquarters homework handed to the owner's class (the operator command), s1 submitted it.
  const hqResource = await buildResource(t, { title: '本部の教材' });
  await t.db
    .update(libraryResources)
    .set({
      content: {
        full_text: null,
        items: [
          { index: 0, screen_text: 'Good morning.', screen_text_translation: '', screen_pic: null, audio_file: null },
        ],
      },
    })
    .where(eq(libraryResources.id, hqResource.id));
  await publishHeadquartersHomework(
    t.db,
    {
      title: '本部からの宿題',
      resourceKeys: [hqResource.key],
      teacherLoginIds: [owner.teacher.loginId],
      endTime: new Date(Date.now() + 7 * 86_400_000),
      key: 'commentary-test',
    },
    new Date(),
  );
  const [hq] = await t.db.select().from(homework).where(eq(homework.originType, 'headquarters'));
  hqId = hq!.id;
  hqTopic = (await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, hqId)))[0]!.id;
  await submitAttempt(t, {
    homeworkId: hqId,
    topicId: hqTopic,
    student: s1,
    answers: [{ question_id: 0, total: 75, ...parts(75) }],
  });
});
afterAll(() => t.close());

describe('homework/commentary', () => {
  it('401 without a token; 400 for a bad id; 404 for another teacher', async () => {
    expect((await call(t, getCommentary, { homework_id: hwId })).status).toBe(401);
    const bad = await call(t, getCommentary, { homework_id: 'x' }, { as: owner });
    expect([bad.status, bad.errmsg]).toEqual([400, messages.badRequest]);
    const theirs = await call(t, getCommentary, { homework_id: hwId }, { as: other });
    expect([theirs.status, theirs.errmsg]).toEqual([404, messages.notFound]);
  });

  it("the class's hardest words, lowest items and most-chosen wrong answers across the homework", async () => {
    const { data, status } = await call(t, getCommentary, { homework_id: hwId }, { as: owner });
    expect(status).toBe(200);
    expect(data).toMatchObject({ homework_id: hwId, assigned_count: 3, answered_count: 3 });
    // apples: s1 (mispronounced) and s2 (omitted); soccer: s2.
    expect(data.hardest_words).toEqual([
      { word: 'apples', student_count: 2 },
      { word: 'soccer', student_count: 1 },
    ]);
    // The model audio is the resource's, as the answer paper shows it.
    const paper = await call(
      t,
      getStudentHomeworkTopicDetails,
      { homework_id: hwId, topic_id: topicA, student_id: s1 },
      { as: owner },
    );
    const audio = paper.data.detail!.items.map((i) => i.audio_file);
    const item = (
      topic_id: number,
      position: number,
      topic_title: string,
      question_id: number,
      screen_text: string,
    ) => ({
      topic_id,
      position,
      topic_title,
      question_id,
      screen_text,
    });
    expect(data.hardest_items).toEqual([
      // B0: all three wrong; A0: (50 + 70) / 2; B1: s1 and s3 right; A1: (90 + 80) / 2.
      {
        ...item(topicB, 2, '文法', 0, 'He ___ a student.'),
        audio_file: null,
        answer_count: 3,
        average_score: 0,
        correct_rate: 0,
      },
      {
        ...item(topicA, 1, '好きなもの', 0, 'I like apples.'),
        audio_file: audio[0],
        answer_count: 2,
        average_score: 60,
        correct_rate: null,
      },
      {
        ...item(topicB, 2, '文法', 1, 'They ___ friends.'),
        audio_file: null,
        answer_count: 3,
        average_score: 66.7,
        correct_rate: 66.7,
      },
      {
        ...item(topicA, 1, '好きなもの', 1, 'We play soccer.'),
        audio_file: audio[1],
        answer_count: 2,
        average_score: 85,
        correct_rate: null,
      },
    ]);
    expect(audio[0]).toMatch(/^\/media\//);
    expect(data.wrong_choices).toEqual([
      {
        ...item(topicB, 2, '文法', 0, 'He ___ a student.'),
        answer_count: 3,
        correct_content: 'is',
        choices: [
          { index: 1, content: 'are', student_count: 2 },
          { index: 2, content: 'am', student_count: 1 },
        ],
      },
      {
        ...item(topicB, 2, '文法', 1, 'They ___ friends.'),
        answer_count: 3,
        correct_content: 'are',
        choices: [{ index: 0, content: 'is', student_count: 1 }],
      },
    ]);
  });

  it("applies the teacher's corrections: a word corrected to right is no longer counted, and comes back", async () => {
    const correct = (type: 'normal' | 'mispronounced') =>
      call(t, correctAnswerWord, { attempt_id: s1AttemptA, question_id: 0, word_index: 2, type }, { as: owner });
    expect((await correct('normal')).status).toBe(200);
    let { data } = await call(t, getCommentary, { homework_id: hwId }, { as: owner });
    expect(data.hardest_words).toEqual([
      { word: 'apples', student_count: 1 },
      { word: 'soccer', student_count: 1 },
    ]);
    // 50 + T(accuracy') − T(accuracy) with one word moved 40 → 60: the item's average rises.
    expect(data.hardest_items.find((i) => i.topic_id === topicA && i.question_id === 0)!.average_score).toBeGreaterThan(
      60,
    );
    expect((await correct('mispronounced')).status).toBe(200);
    ({ data } = await call(t, getCommentary, { homework_id: hwId }, { as: owner }));
    expect(data.hardest_words[0]).toEqual({ word: 'apples', student_count: 2 });
    expect(data.hardest_items.find((i) => i.topic_id === topicA && i.question_id === 0)!.average_score).toBe(60);
  });

  it('a homework without submissions has nothing to go over', async () => {
    const empty = await buildHomework(t, { teacher: owner.teacher });
    const { data } = await call(t, getCommentary, { homework_id: empty.homeworkId }, { as: owner });
    expect(data).toMatchObject({ answered_count: 0, hardest_words: [], hardest_items: [], wrong_choices: [] });
  });
});

describe('homework/comment-draft and save-comment-draft', () => {
  it('empty before the first save; saved, restored and replaced; per homework', async () => {
    expect((await call(t, getCommentDraft, { homework_id: hwId }, { as: owner })).data).toEqual({
      visible: true,
      content: '',
      updated_at: null,
    });
    const first = await call(
      t,
      saveCommentDraft,
      { homework_id: hwId, visible: true, content: '「apples」の発音を確認する。\n選択問題1を解説。' },
      { as: owner },
    );
    expect(first.status).toBe(200);
    expect(first.data.updated_at).toEqual(expect.any(String));
    expect((await call(t, getCommentDraft, { homework_id: hwId }, { as: owner })).data).toEqual(first.data);
    const second = await call(
      t,
      saveCommentDraft,
      { homework_id: hwId, visible: false, content: '書き直し' },
      { as: owner },
    );
    expect((await call(t, getCommentDraft, { homework_id: hwId }, { as: owner })).data).toEqual({
      visible: false,
      content: '書き直し',
      updated_at: second.data.updated_at,
    });
    const rows = await t.db.select().from(homeworkCommentDrafts).where(eq(homeworkCommentDrafts.homeworkId, hwId));
    expect(rows).toHaveLength(1);
    expect((await call(t, getCommentDraft, { homework_id: hqId }, { as: owner })).data.content).toBe('');
  });

  it('401, 400 with the message for too long a text, 404 for another teacher (nothing written)', async () => {
    expect((await call(t, getCommentDraft, { homework_id: hwId })).status).toBe(401);
    expect((await call(t, saveCommentDraft, { homework_id: hwId, visible: true, content: 'x' })).status).toBe(401);
    const long = await call(
      t,
      saveCommentDraft,
      { homework_id: hwId, visible: true, content: 'あ'.repeat(20_001) },
      { as: owner },
    );
    expect([long.status, long.errmsg]).toEqual([400, commentaryMessages.commentTooLong]);
    const before = await t.db.select().from(homeworkCommentDrafts);
    const theirs = await call(
      t,
      saveCommentDraft,
      { homework_id: hwId, visible: true, content: '乗っ取り' },
      { as: other },
    );
    expect([theirs.status, theirs.errmsg]).toEqual([404, messages.notFound]);
    expect((await call(t, getCommentDraft, { homework_id: hwId }, { as: other })).status).toBe(404);
    expect(await t.db.select().from(homeworkCommentDrafts)).toEqual(before);
  });
});

describe('homework-reading/*', () => {
  it('homework-basic-info: the homework as published, with its counts', async () => {
    expect((await call(t, getReadingHomeworkBasicInfo, { homework_id: hwId })).status).toBe(401);
    expect((await call(t, getReadingHomeworkBasicInfo, { homework_id: hwId }, { as: other })).status).toBe(404);
    const { data } = await call(t, getReadingHomeworkBasicInfo, { homework_id: hwId }, { as: owner });
    expect(data).toMatchObject({
      homework_id: hwId,
      title: '音読の宿題',
      type: 'routine',
      origin_type: 'classroom',
      state: 'open',
      reissue_end_time: null,
      required_times: null,
      topic_count: 2,
      assigned_count: 3,
      // s1 and s2 submitted both topics; s3 only B.
      submitted_count: 2,
    });
    expect(data.team).toEqual({ team_id: expect.any(Number), name: expect.any(String) });
    const hq = await call(t, getReadingHomeworkBasicInfo, { homework_id: hqId }, { as: owner });
    expect(hq.data).toMatchObject({ title: '本部からの宿題', origin_type: 'headquarters', topic_count: 1 });
  });

  it('homework-topic-list: the topics with the figures of all-topic-overview', async () => {
    expect((await call(t, getReadingHomeworkTopicList, { homework_id: hwId }, { as: other })).status).toBe(404);
    const { data } = await call(t, getReadingHomeworkTopicList, { homework_id: hwId }, { as: owner });
    const overview = await call(t, getAllTopicOverview, { homework_id: hwId }, { as: owner });
    expect(data.rows).toEqual(overview.data.topics);
    expect(data.rows.map((r) => [r.topic_id, r.submitted_count, r.recipient_count])).toEqual([
      [topicA, 2, 3],
      [topicB, 3, 3],
    ]);
    // Topic B per child: s1 (0 + 100) / 2, s2 0, s3 50.
    expect(data.rows[1]!.average_score).toBe(33.3);
  });

  it('topic-answer-paper: the answer paper of team/student-homework-topic-details', async () => {
    const input = { homework_id: hwId, topic_id: topicA, student_id: s2 };
    expect((await call(t, getReadingTopicAnswerPaper, input, { as: other })).status).toBe(404);
    const { data, status } = await call(t, getReadingTopicAnswerPaper, input, { as: owner });
    expect(status).toBe(200);
    expect(data).toEqual((await call(t, getStudentHomeworkTopicDetails, input, { as: owner })).data);
    expect(data.answers.map((a) => a.score)).toEqual([70, 80]);
    // A child who is not a recipient, a topic of another homework: 404.
    expect((await call(t, getReadingTopicAnswerPaper, { ...input, topic_id: hqTopic }, { as: owner })).status).toBe(
      404,
    );
  });
});

describe('homework-headquarter/*', () => {
  it("only the teacher's headquarters homework: their own homework and another teacher's answer 404", async () => {
    for (const [c, input] of [
      [getHeadquarterHomeworkTopicList, { homework_id: hwId }],
      [getHeadquarterTopicAnswerOverview, { homework_id: hwId, topic_id: topicA }],
      [getHeadquarterTopicAnswerPaper, { homework_id: hwId, topic_id: topicA, student_id: s1 }],
    ] as const) {
      const r = await call(t, c as typeof getHeadquarterHomeworkTopicList, input as { homework_id: number }, {
        as: owner,
      });
      expect([c.path, r.status, r.errmsg]).toEqual([c.path, 404, messages.notFound]);
    }
    for (const [c, input] of [
      [getHeadquarterHomeworkTopicList, { homework_id: hqId }],
      [getHeadquarterTopicAnswerOverview, { homework_id: hqId, topic_id: hqTopic }],
      [getHeadquarterTopicAnswerPaper, { homework_id: hqId, topic_id: hqTopic, student_id: s1 }],
    ] as const) {
      expect(
        (await call(t, c as typeof getHeadquarterHomeworkTopicList, input as { homework_id: number })).status,
      ).toBe(401);
      const r = await call(t, c as typeof getHeadquarterHomeworkTopicList, input as { homework_id: number }, {
        as: other,
      });
      expect([c.path, r.status]).toEqual([c.path, 404]);
    }
  });

  it('homework-topic-list, topic-answer-overview and topic-answer-paper of a headquarters homework', async () => {
    const list = await call(t, getHeadquarterHomeworkTopicList, { homework_id: hqId }, { as: owner });
    expect(list.data.rows).toEqual([
      expect.objectContaining({
        topic_id: hqTopic,
        title: '本部の教材',
        submitted_count: 1,
        recipient_count: 3,
        average_score: 75,
      }),
    ]);
    const overview = await call(
      t,
      getHeadquarterTopicAnswerOverview,
      { homework_id: hqId, topic_id: hqTopic },
      { as: owner },
    );
    expect(overview.data).toEqual(
      (await call(t, getOneTopicOverview, { homework_id: hqId, topic_id: hqTopic }, { as: owner })).data,
    );
    expect(overview.data.rows.map((r) => [r.student_id, r.best_score])).toEqual([
      [s1, 75],
      [s2, null],
      [s3, null],
    ]);
    const paper = await call(
      t,
      getHeadquarterTopicAnswerPaper,
      { homework_id: hqId, topic_id: hqTopic, student_id: s1 },
      { as: owner },
    );
    expect(paper.data).toMatchObject({ best_score: 75, practice_count: 1, topic: { topic_id: hqTopic } });
    // The homework details page reads the same homework: its origin is shown.
    const details = await call(t, getAllTopicOverview, { homework_id: hqId }, { as: owner });
    expect(details.data).toMatchObject({ origin_type: 'headquarters', assigned_count: 3 });
  });
});
