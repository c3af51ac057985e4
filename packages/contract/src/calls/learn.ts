import { z } from 'zod';
import { defineCall, empty, idField, pageOf, queryInt } from '../define.js';
import { requiredNormalizedText, requiredSecret, requiredText } from '../rules.js';
import { evaluationCategories, evaluationScores, evaluationWord } from './evaluation.js';
import { answerChoice, exerciseTypes, fullTextSentence, previewItem, resourceRow } from './library.js';

/**
 * The students' side (docs/learn.md; api-paths.md "Students' side"): children sign in with their own
 * tokens (access `student`), see the homework open for them, practise each topic with the
 * evaluation socket, and submit. Served by `modules/learn`; the child's web app is apps/learn
 * (/learn/). Scores come only from the server's stored evaluation results named by `sid`;
 * choice answers are marked on the server. Messages are for children: kana where kanji are hard.
 */

export const learnLimits = {
  /** A student token lives this long (a school term); signing in again replaces nothing. */
  tokenDays: 120,
  /** Answers of one submission (the longest resource has fewer items). */
  maxAnswers: 200,
  /** A choice answer is the index of a choice; a typed answer (word tests) at most this long. */
  maxAnswerChars: 100,
  /** A stored evaluation result may be named by a submission for this long after it was made. */
  sidTtlHours: 24,
  /**
   * Sign-in failures of one login id from one address per 15 minutes before that pair is paused;
   * the same id from another address is not held back (docs/security.md, "Children's sign-in").
   */
  signInFailuresPer15Min: 10,
  /** Sign-in failures from one address per 15 minutes, all ids together (a school shares one address). */
  signInFailuresPerAddress15Min: 100,
  /** Invalid login-card keys from one address per 15 minutes (the children's own bucket). */
  cardFailuresPerAddress15Min: 60,
  pageSize: 20,
} as const;

export const learnMessages = {
  loginIdRequired: 'IDを入力してください。',
  passwordRequired: 'パスワードを入力してください。',
  signInFailed: 'IDかパスワードがちがいます。',
  accountClosed: 'このIDはもうつかえません。先生にきいてください。',
  cardInvalid: 'このカードはつかえません。先生にきいてください。',
  signInPaused: 'まちがいがつづいたので、しばらくまってからもういちどためしてね。',
  homeworkNotFound: 'しゅくだいが見つかりません。',
  topicNotFound: 'もんだいが見つかりません。',
  notStarted: 'このしゅくだいは、まだはじまっていません。',
  deadlinePassed: 'しめきりがすぎたので、もう出せません。',
  answersRequired: 'こたえがありません。',
  answerMissing: 'まだこたえていないもんだいがあります。',
  unknownQuestion: 'もんだいのばんごうがちがいます。',
  sidInvalid: 'ろくおんが見つかりません。もういちど読んでね。',
  sidUsed: 'このろくおんはもう出してあります。もういちど読んでね。',
  sidMismatch: 'ろくおんと文がちがいます。もういちど読んでね。',
  resourceNotFound: 'きょうざいが見つかりません。',
  codeRequired: 'クラスコードを入力してください。',
} as const;

/**
 * Where the sign-in QR code of a login card points: the students' app card screen,
 * `<origin>/learn/#/card?key=…` (the key is `studentId.cardVersion.HMAC`, docs/learn.md).
 */
export const learnCardUrl = (origin: string, key: string) =>
  `${origin.replace(/\/$/, '')}/learn/#/card?key=${encodeURIComponent(key)}`;

/** The signed-in child as the student app sees it. */
export const learnStudent = z.object({
  student_id: z.string(),
  name: z.string(),
  furigana: z.string(),
  grade_name: z.string(),
  /** The classes the child is in (this year's, not deleted). */
  teams: z.array(z.object({ team_id: z.number().int(), name: z.string() })),
});
export type LearnStudent = z.infer<typeof learnStudent>;

export const learnSession = z.object({ token: z.string(), student: learnStudent });
export type LearnSession = z.infer<typeof learnSession>;

export const studentLogin = defineCall({
  method: 'POST',
  path: '/api/v2/student/login',
  access: 'public',
  tag: 'learn',
  summary: "A child signs in with the login id and password of their card (password RSA-encrypted like teachers')",
  input: z.object({
    student_id: requiredNormalizedText(learnMessages.loginIdRequired).pipe(z.string().max(100)),
    password: requiredSecret(learnMessages.passwordRequired).pipe(z.string().max(2048)),
  }),
  output: learnSession,
});

export const studentPassCardLogin = defineCall({
  method: 'POST',
  path: '/api/v2/student/pass-card-login',
  access: 'public',
  tag: 'learn',
  summary: 'A child signs in with the key in the QR code of their printed login card (valid until the card is renewed)',
  input: z.object({ key: requiredText(learnMessages.cardInvalid).pipe(z.string().max(300)) }),
  output: learnSession,
});

export const studentLogout = defineCall({
  method: 'POST',
  path: '/api/v2/student/logout',
  access: 'student',
  tag: 'learn',
  summary: "Revokes the child's token",
  input: empty,
  output: z.null(),
});

export const getLearnStudentInfo = defineCall({
  method: 'GET',
  path: '/api/v2/student/info',
  access: 'student',
  tag: 'learn',
  summary: 'The signed-in child (name, classes)',
  input: empty,
  output: z.object({ student: learnStudent }),
});

export const learnHomeworkStates = ['open', 'done', 'overdue'] as const;
export type LearnHomeworkState = (typeof learnHomeworkStates)[number];

export const learnTopicRow = z.object({
  topic_id: z.number().int(),
  title: z.string(),
  type: z.enum(exerciseTypes),
  /** null for a word test's word list. */
  resource_id: z.number().int().nullable(),
  item_count: z.number().int(),
  /** Submissions of this topic by the child. */
  practice_count: z.number().int(),
  /** Best score 0–100, null before the first submission. */
  best_score: z.number().nullable(),
});
export type LearnTopicRow = z.infer<typeof learnTopicRow>;

export const learnHomeworkRow = z.object({
  homework_id: z.number().int(),
  title: z.string(),
  homework_type: z.enum(['routine', 'periodic', 'wordtest']),
  start_time: z.string(),
  /** The child's own deadline: a reissue's when the homework was reissued to them. */
  end_time: z.string(),
  /** open: can be practised and submitted; done: every topic submitted (the required times); overdue: deadline passed, not done. */
  state: z.enum(learnHomeworkStates),
  /** Submissions each topic needs (null: once). */
  required_times: z.number().int().nullable(),
  reissued: z.boolean(),
  topics: z.array(learnTopicRow),
});
export type LearnHomeworkRow = z.infer<typeof learnHomeworkRow>;

export const getStudentHomeworkList = defineCall({
  method: 'GET',
  path: '/api/v2/student/homework-list',
  access: 'student',
  tag: 'learn',
  summary: "The child's homework that has started: open first (nearest deadline first), then done and overdue",
  input: z.object({ state: z.enum(learnHomeworkStates).optional() }),
  output: z.object({ rows: z.array(learnHomeworkRow) }),
});

/** A choice as the child sees it: without `correct` (choices are marked on the server). */
export const learnChoice = answerChoice.omit({ correct: true });

/** An item as the child practises it: the preview shape without what only the teacher sees. */
export const learnItem = previewItem.omit({ answers: true, script: true, note_homework: true }).extend({
  answers: z.array(learnChoice).optional(),
  /** The evaluation category to read this item with (null: a choice item, answered by index). */
  category: z.enum(evaluationCategories).nullable(),
});
export type LearnItem = z.infer<typeof learnItem>;

/**
 * What the child practises: the resource's items in the preview shape. An article is read as one
 * piece: its answer is `question_id` 0 with the whole `full_text` (category read_chapter).
 */
export const learnContent = z.object({
  title: z.string(),
  type: z.enum(exerciseTypes),
  full_text: z
    .object({ screen_text: z.string(), audio_file: z.string().nullable(), sentences: z.array(fullTextSentence) })
    .nullable(),
  items: z.array(learnItem),
  practice_count: z.number().int(),
  best_score: z.number().nullable(),
});
export type LearnContent = z.infer<typeof learnContent>;

export const getStudentTopicContent = defineCall({
  method: 'GET',
  path: '/api/v2/student/topic-content',
  access: 'student',
  tag: 'learn',
  summary: "A topic of one of the child's homework, in the exercise preview shape, with the child's progress",
  input: z.object({ homework_id: idField, topic_id: idField }),
  output: learnContent.extend({
    homework_id: z.number().int(),
    topic_id: z.number().int(),
    required_times: z.number().int().nullable(),
    end_time: z.string(),
  }),
});

export const getStudentEvaluationService = defineCall({
  method: 'GET',
  path: '/api/v2/student/new-evaluation-service',
  access: 'student',
  tag: 'learn',
  summary: 'The evaluation socket URL with a one-use ticket for this child (results are stored under the sid)',
  input: empty,
  output: z.object({ evaluation_server_url: z.string() }),
});

/** One answer: a spoken item names its evaluation `sid`; a choice item gives the chosen index as `answer`. */
export const learnAnswer = z.object({
  question_id: z.number().int().min(0).max(10_000),
  sid: z.string().trim().min(1).max(100).optional(),
  answer: z.string().max(learnLimits.maxAnswerChars).optional(),
});

const answersField = z
  .array(learnAnswer)
  .min(1, { error: learnMessages.answersRequired })
  .max(learnLimits.maxAnswers, { error: learnMessages.unknownQuestion });

/** The result of one item, as marked by the server. */
export const learnItemResult = z.object({
  question_id: z.number().int(),
  /** 0–100: the evaluation's total score, or 100/0 for a right/wrong choice. */
  score: z.number(),
  /** Choice items: whether it was right, and the right choice's index. */
  correct: z.boolean().nullable(),
  correct_answer: z.number().int().nullable(),
  /** Spoken items: the word-by-word result (what to practise again). */
  words: z.array(evaluationWord).nullable(),
  evaluate_html: z.string().nullable(),
});
export type LearnItemResult = z.infer<typeof learnItemResult>;

export const learnSubmitReply = evaluationScores.partial().extend({
  attempt_id: z.number().int(),
  /** The attempt's score 0–100 (mean of its items). */
  score: z.number(),
  practice_count: z.number().int(),
  best_score: z.number(),
  /** Whether this submission made the whole homework done (null for self-practice). */
  homework_done: z.boolean().nullable(),
  items: z.array(learnItemResult),
});
export type LearnSubmitReply = z.infer<typeof learnSubmitReply>;

export const submitTopic = defineCall({
  method: 'POST',
  path: '/api/v2/student/submit-topic',
  access: 'student',
  tag: 'learn',
  summary:
    'Submit a topic: every item answered once; scores only from stored evaluation results of this child and text',
  input: z.object({ homework_id: idField, topic_id: idField, answers: answersField }),
  output: learnSubmitReply,
});

export const getStudentTopicResult = defineCall({
  method: 'GET',
  path: '/api/v2/student/topic-result',
  access: 'student',
  tag: 'learn',
  summary: "The child's best submission of a topic (to look back at), or null before the first",
  input: z.object({ homework_id: idField, topic_id: idField }),
  output: z.object({ result: learnSubmitReply.nullable() }),
});

export const practiceHistoryRow = z.object({
  attempt_id: z.number().int(),
  homework_id: z.number().int().nullable(),
  homework_title: z.string().nullable(),
  topic_id: z.number().int().nullable(),
  resource_id: z.number().int().nullable(),
  title: z.string(),
  type: z.enum(exerciseTypes),
  score: z.number(),
  created_at: z.string(),
});

export const getPracticeHistory = defineCall({
  method: 'GET',
  path: '/api/v2/student/practice-history',
  access: 'student',
  tag: 'learn',
  summary: "A page of the child's own submissions, newest first",
  input: z.object({ page: queryInt(1, 100_000), limit: queryInt(learnLimits.pageSize, 100) }),
  output: pageOf(practiceHistoryRow),
});

export const getSelfPracticeList = defineCall({
  method: 'GET',
  path: '/api/v2/student/self-practice-list',
  access: 'student',
  tag: 'learn',
  summary: 'Library material a child may practise outside homework (headquarters material and their teacher’s own)',
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(learnLimits.pageSize, 100),
    type: z.enum(exerciseTypes).optional(),
  }),
  output: pageOf(resourceRow.extend({ practice_count: z.number().int(), best_score: z.number().nullable() })),
});

export const getSelfPracticeContent = defineCall({
  method: 'GET',
  path: '/api/v2/student/self-practice-content',
  access: 'student',
  tag: 'learn',
  summary: 'A library resource for self-practice, in the same shape as a homework topic',
  input: z.object({ resource_id: idField }),
  output: learnContent.extend({ resource_id: z.number().int() }),
});

export const submitSelfPractice = defineCall({
  method: 'POST',
  path: '/api/v2/student/submit-self-practice',
  access: 'student',
  tag: 'learn',
  summary: 'Submit a self-practice of a library resource (same rules as submit-topic, no deadline)',
  input: z.object({ resource_id: idField, answers: answersField }),
  output: learnSubmitReply,
});

export const studentJoinClass = defineCall({
  method: 'POST',
  path: '/api/v2/student/join-class',
  access: 'student',
  tag: 'learn',
  summary: "Join one of the teacher's classes by its class code (where the class allows joining)",
  input: z.object({ code: requiredText(learnMessages.codeRequired).pipe(z.string().max(40)) }),
  output: z.object({ team_id: z.number().int(), name: z.string(), joined: z.boolean() }),
});
