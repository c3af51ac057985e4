import { z } from 'zod';
import { defineCall, idField, pageOf, queryInt } from '../define.js';
import { classRef } from './classes.js';
import { evaluationWord } from './evaluation.js';
import { homeworkStates, homeworkTopic, homeworkTypes } from './homework.js';
import { originTypes, resourceDetail } from './library.js';

/**
 * Results of a homework (docs/results.md): the overview of every topic, one topic per
 * child and per question (with the class's hardest words), the student × topic matrix (x =
 * topics, y = children, 5 a page), one child's answer paper, and the teacher's correction of a
 * word's judgement on it. Served by apps/server/src/modules/results; every number is read from
 * `topic_progress` and the best attempts, never by scanning all attempts.
 */

export const resultsLimits = {
  /** The score overview's y axis pages by 5 children. */
  matrixPageSize: 5,
  /** Hardest words listed per item, and for the whole topic. */
  hardestWordsPerItem: 5,
  hardestWordsPerTopic: 10,
} as const;

export const resultsMessages = {
  /** The word is omitted or inserted: only a read word's judgement can be corrected. */
  wordNotCorrectable: 'この単語の判定は訂正できません。',
  wordIndexWrong: '単語が見つかりませんでした。',
  /** The spec's wording, verbatim. */
  noRecording: '録音データがありません。',
} as const;

/** Score bands of the spec, and the distribution buckets (0–9, 10–19, …, 90–100). */
export const scoreBuckets = 10;

const score = z.number();
const nullableScore = z.number().nullable();

export const topicOverviewRow = homeworkTopic.extend({
  /** Children who received the homework, and how many of them submitted this topic at least once. */
  recipient_count: z.number().int(),
  submitted_count: z.number().int(),
  /** Class averages of the children's best submissions (null before the first). */
  average_score: nullableScore,
  accuracy_score: nullableScore,
  fluency_score: nullableScore,
  integrity_score: nullableScore,
  /** How many best scores fall in 0–9, 10–19, …, 90–100 (10 entries). */
  distribution: z.array(z.number().int()),
});
export type TopicOverviewRow = z.infer<typeof topicOverviewRow>;

export const resultStudent = z.object({
  student_id: z.string(),
  name: z.string(),
  number: z.string().nullable(),
});

/**
 * The one wording of a child's submission of a homework (docs/results.md "Submitted and done"):
 * 未提出, 提出済み, or with a required practice count 提出済み（練習 1/2回）. Screens, exports and
 * mails say it this way.
 */
export function submissionLabel(s: { submitted: boolean; practice_count: number; required_times: number | null }) {
  if (!s.submitted) return '未提出';
  const need = s.required_times ?? 1;
  return need > 1 ? `提出済み（練習 ${Math.min(s.practice_count, need)}/${need}回）` : '提出済み';
}

export const getAllTopicOverview = defineCall({
  method: 'GET',
  path: '/api/v2/homework/all-topic-overview',
  access: 'teacher',
  tag: 'results',
  summary: 'A homework at a glance: submission rate, per-topic averages and distributions, who has not submitted',
  input: z.object({ homework_id: idField }),
  output: z.object({
    homework_id: z.number().int(),
    title: z.string(),
    team: classRef.nullable(),
    /** Headquarters homework (published by the operator) or the teacher's own. */
    origin_type: z.enum(originTypes),
    state: z.enum(homeworkStates),
    start_time: z.string(),
    end_time: z.string(),
    assigned_count: z.number().int(),
    /** Children who submitted every topic at least once (docs/results.md "Submitted and done"). */
    submitted_count: z.number().int(),
    /** The required practice count (必要練習回数), null when none. */
    required_times: z.number().int().nullable(),
    /** Children who are done: submitted, and every topic practised the required times (= submitted without a count). */
    done_count: z.number().int(),
    /** Mean over the children with any submission of their homework score (docs/results.md). */
    average_score: nullableScore,
    /** Distribution of the children's homework scores (10 buckets). */
    distribution: z.array(z.number().int()),
    topics: z.array(topicOverviewRow),
    /** Recipients who have not submitted the whole homework, by attendance number. */
    unsubmitted: z.array(resultStudent),
    /** Submitted but short of the required practice count, with their rounds (練習 1/2回). */
    practicing: z.array(resultStudent.extend({ practice_count: z.number().int() })),
  }),
});

export const topicStudentRow = resultStudent.extend({
  practice_count: z.number().int(),
  best_score: nullableScore,
  last_score: nullableScore,
  /** The last submission of this topic (null before the first). */
  last_at: z.string().nullable(),
  duration_ms: z.number().int(),
});

const topicInput = z.object({ homework_id: idField, topic_id: idField });

export const getOneTopicOverview = defineCall({
  method: 'GET',
  path: '/api/v2/homework/one-topic-overview',
  access: 'teacher',
  tag: 'results',
  summary: 'One topic of a homework per child: practice count, best and last score, last submission',
  input: topicInput,
  output: z.object({ topic: topicOverviewRow, rows: z.array(topicStudentRow) }),
});

export const hardWord = z.object({
  word: z.string(),
  /** Children whose best submission read it wrong (mispronounced or omitted, corrections applied). */
  student_count: z.number().int(),
});
export type HardWord = z.infer<typeof hardWord>;

export const questionOverviewRow = z.object({
  /** The item's index (0 for an article read whole). */
  question_id: z.number().int(),
  /** The item's text (or question), from the resource. */
  screen_text: z.string(),
  /** Best submissions that answered it, and their average score. */
  answer_count: z.number().int(),
  average_score: nullableScore,
  /** Choice items: the share of correct answers, 0–100 (null for spoken items). */
  correct_rate: nullableScore,
  hardest_words: z.array(hardWord),
});

export const getOneTopicQuestionOverview = defineCall({
  method: 'GET',
  path: '/api/v2/homework/one-topic-question-overview',
  access: 'teacher',
  tag: 'results',
  summary: "One topic per question: class average, % correct for choices, and the class's hardest words",
  input: topicInput,
  output: z.object({
    topic: topicOverviewRow,
    rows: z.array(questionOverviewRow),
    hardest_words: z.array(hardWord),
  }),
});

export const getTopicScoreOverviewX = defineCall({
  method: 'GET',
  path: '/api/v2/homework/topic-score-overview-x',
  access: 'teacher',
  tag: 'results',
  summary: 'The matrix columns: the topics of a homework in order, with the class average of best scores',
  input: z.object({ homework_id: idField }),
  output: z.object({
    rows: z.array(homeworkTopic.extend({ average_score: nullableScore, submitted_count: z.number().int() })),
  }),
});

export const matrixRow = resultStudent.extend({
  /** Every topic submitted at least once (docs/results.md "Submitted and done"). */
  submitted: z.boolean(),
  /** Submitted and every topic practised the required times. */
  done: z.boolean(),
  /** The fewest submissions of any topic (練習 n/必要練習回数). */
  practice_count: z.number().int(),
  /** One cell per topic, in the order of topic-score-overview-x. */
  cells: z.array(z.object({ topic_id: z.number().int(), best_score: nullableScore, practice_count: z.number().int() })),
  /** Mean of the child's best scores over the topics (a topic not submitted counts 0); null before any. */
  average_score: nullableScore,
});
export type MatrixRow = z.infer<typeof matrixRow>;

export const getTopicScoreOverviewY = defineCall({
  method: 'GET',
  path: '/api/v2/homework/topic-score-overview-y',
  access: 'teacher',
  tag: 'results',
  summary: 'The matrix rows: a page of the children (5 by default, spec §9) with their best score per topic',
  input: z.object({
    homework_id: idField,
    page: queryInt(1, 100_000),
    limit: queryInt(resultsLimits.matrixPageSize, 100),
  }),
  output: pageOf(matrixRow),
});

export const answerWord = evaluationWord.extend({
  /** The judgement as the evaluator made it, when a teacher corrected it (else absent). */
  corrected_from: z.enum(['normal', 'mispronounced']).optional(),
});
export type AnswerWord = z.infer<typeof answerWord>;

export const paperAnswer = z.object({
  question_id: z.number().int(),
  score,
  accuracy_score: nullableScore,
  fluency_score: nullableScore,
  integrity_score: nullableScore,
  evaluate_html: z.string().nullable(),
  /** The words with the teacher's corrections applied. */
  words: z.array(answerWord).nullable(),
  /** A signed, expiring URL of the child's recording; null when there is none or it cannot be served. */
  sound_file: z.string().nullable(),
  has_recording: z.boolean(),
  /** Choice items: the chosen index and whether it was right. */
  answer_result: z.number().int().nullable(),
  correct: z.boolean().nullable(),
});
export type PaperAnswer = z.infer<typeof paperAnswer>;

export const paperAttempt = z.object({
  attempt_id: z.number().int(),
  score,
  accuracy_score: nullableScore,
  fluency_score: nullableScore,
  integrity_score: nullableScore,
  created_at: z.string(),
});

export const getStudentHomeworkTopicDetails = defineCall({
  method: 'GET',
  path: '/api/v2/team/student-homework-topic-details',
  access: 'teacher',
  tag: 'results',
  summary:
    "One child's answer paper for one topic: the resource's preview with the best (or chosen) submission and the class averages",
  input: z.object({
    homework_id: idField,
    topic_id: idField,
    student_id: z.string().trim().min(1).max(100),
    /** A submission of this child and topic; the best one when omitted. */
    attempt_id: idField.optional(),
  }),
  output: z.object({
    student: resultStudent,
    topic: homeworkTopic,
    practice_count: z.number().int(),
    best_score: nullableScore,
    /** Every submission of the child for this topic, newest first (to choose another). */
    attempts: z.array(paperAttempt.pick({ attempt_id: true, score: true, created_at: true })),
    attempt: paperAttempt.nullable(),
    /** The resource in the preview shape (null for a word test's word list or a resource deleted since). */
    detail: resourceDetail.nullable(),
    answers: z.array(paperAnswer),
    /** Class average per item index, over the children's best submissions. */
    averages: z.array(z.object({ score: nullableScore }).nullable()),
  }),
});

export const correctAnswerWord = defineCall({
  method: 'POST',
  path: '/api/v2/homework/correct-answer-word',
  access: 'teacher',
  tag: 'results',
  summary:
    "Correct a word's judgement on an answer paper (mispronounced ↔ correct): recomputes the answer, the submission and the child's best score",
  input: z.object({
    attempt_id: idField,
    question_id: z.coerce.number().int().min(0).max(10_000),
    word_index: z.coerce.number().int().min(0).max(10_000),
    type: z.enum(['normal', 'mispronounced']),
  }),
  output: z.object({
    answer: paperAnswer,
    attempt_score: score,
    best_score: score,
    best_attempt_id: z.number().int().nullable(),
  }),
});

/**
 * The commentary page (/commentary/:homeworkId): the class's common mistakes across the
 * whole homework, for the teacher to go over in class, and the teacher's comment draft.
 * Ours: the spec names the screen and the draft's fields, not the calls (docs/results.md).
 */
export const commentaryLimits = {
  /** Hardest words across the homework. */
  hardestWords: 20,
  /** Items with the lowest class average. */
  hardestItems: 10,
  /** Choice items with the most-chosen wrong answers, and wrong answers per item. */
  wrongChoiceItems: 10,
  wrongChoicesPerItem: 3,
  /** The comment draft's content (serialized text). */
  commentMax: 20_000,
  /** The web app saves the draft this long after the last keystroke. */
  autosaveMs: 1_000,
} as const;

export const commentaryMessages = {
  commentTooLong: `コメントは${commentaryLimits.commentMax}文字以内で入力してください。`,
} as const;

const itemRef = z.object({
  topic_id: z.number().int(),
  /** The topic's place in the homework and its title. */
  position: z.number().int(),
  topic_title: z.string(),
  question_id: z.number().int(),
  /** The item's text (or question), from the resource. */
  screen_text: z.string(),
});

export const hardItem = itemRef.extend({
  /** URL of the model audio (the item's; an article's whole audio), or null. */
  audio_file: z.string().nullable(),
  answer_count: z.number().int(),
  average_score: score,
  /** Choice items: the share of correct answers, 0–100 (null for spoken items). */
  correct_rate: nullableScore,
});
export type HardItem = z.infer<typeof hardItem>;

export const wrongChoiceItem = itemRef.extend({
  answer_count: z.number().int(),
  /** The right choice's text (null when the resource has none marked). */
  correct_content: z.string().nullable(),
  /** Wrong choices by how many children's best submissions chose them. */
  choices: z.array(z.object({ index: z.number().int(), content: z.string(), student_count: z.number().int() })),
});
export type WrongChoiceItem = z.infer<typeof wrongChoiceItem>;

export const getCommentary = defineCall({
  method: 'GET',
  path: '/api/v2/homework/commentary',
  access: 'teacher',
  tag: 'results',
  summary:
    "The class's common mistakes in a homework (ours, /commentary): hardest words, lowest-scored items, most-chosen wrong answers",
  input: z.object({ homework_id: idField }),
  output: z.object({
    homework_id: z.number().int(),
    title: z.string(),
    team: classRef.nullable(),
    start_time: z.string(),
    end_time: z.string(),
    assigned_count: z.number().int(),
    /** Children who submitted every topic (the one meaning, as on the details page). */
    submitted_count: z.number().int(),
    /** Children with at least one submission (whose best submissions are read below). */
    answered_count: z.number().int(),
    /** Across the homework: a child counts once per word however many topics they missed it in. */
    hardest_words: z.array(hardWord),
    hardest_items: z.array(hardItem),
    wrong_choices: z.array(wrongChoiceItem),
  }),
});

export const commentDraft = z.object({
  /** The form's visibility flag (the editor open on the page). */
  visible: z.boolean(),
  /** The content, stored as serialized text. */
  content: z.string(),
  /** When it was last saved; null when never. */
  updated_at: z.string().nullable(),
});
export type CommentDraft = z.infer<typeof commentDraft>;

export const getCommentDraft = defineCall({
  method: 'GET',
  path: '/api/v2/homework/comment-draft',
  access: 'teacher',
  tag: 'results',
  summary: "The teacher's homework-comment draft (spec §3) for a homework (ours): empty when never saved",
  input: z.object({ homework_id: idField }),
  output: commentDraft,
});

export const saveCommentDraft = defineCall({
  method: 'POST',
  path: '/api/v2/homework/save-comment-draft',
  access: 'teacher',
  tag: 'results',
  summary: "Save the teacher's homework-comment draft (ours; the commentary page autosaves it)",
  input: z.object({
    homework_id: idField,
    visible: z.boolean(),
    content: z.string().max(commentaryLimits.commentMax, { error: commentaryMessages.commentTooLong }),
  }),
  output: commentDraft,
});

/**
 * Reading homework (api-paths.md "Reading homework"): the spec gives only the names; ours are
 * defined in docs/results.md. Served by the results module, as thin wrappers of its services:
 * a homework's basic information, its topics with per-topic submission counts and averages, and
 * one child's answer paper for one topic (the same paper as team/student-homework-topic-details).
 * submit-writing-note belongs to the writing notes (another slice).
 */

export const getReadingHomeworkBasicInfo = defineCall({
  method: 'GET',
  path: '/api/v2/homework-reading/homework-basic-info',
  access: 'teacher',
  tag: 'results',
  summary: 'Basic information of a homework of the teacher: title, class, type, origin, times and counts',
  input: z.object({ homework_id: idField }),
  output: z.object({
    homework_id: z.number().int(),
    title: z.string(),
    /** The class it went to; null for homework handed to single students. */
    team: classRef.nullable(),
    type: z.enum(homeworkTypes),
    origin_type: z.enum(originTypes),
    state: z.enum(homeworkStates),
    start_time: z.string(),
    end_time: z.string(),
    /** The last reissue's deadline; null when never reissued. */
    reissue_end_time: z.string().nullable(),
    required_times: z.number().int().nullable(),
    topic_count: z.number().int(),
    assigned_count: z.number().int(),
    /** Children who submitted the whole homework. */
    submitted_count: z.number().int(),
    created_at: z.string(),
  }),
});

export const getReadingHomeworkTopicList = defineCall({
  method: 'GET',
  path: '/api/v2/homework-reading/homework-topic-list',
  access: 'teacher',
  tag: 'results',
  summary: "A homework's topics in order, each with its submission count and the class averages of best scores",
  input: z.object({ homework_id: idField }),
  output: z.object({ rows: z.array(topicOverviewRow) }),
});

export const getReadingTopicAnswerPaper = defineCall({
  method: 'GET',
  path: '/api/v2/homework-reading/topic-answer-paper',
  access: 'teacher',
  tag: 'results',
  summary: "One child's answer paper for one topic (as team/student-homework-topic-details)",
  input: getStudentHomeworkTopicDetails.input,
  output: getStudentHomeworkTopicDetails.output,
});

/**
 * Headquarters homework (api-paths.md "Headquarters homework"): homework whose origin is
 * headquarters (published by `npm run admin -- publish-hq-homework`, docs/homework.md), read by
 * the teacher it was handed to. Ours, defined in docs/results.md; served by the results module
 * as thin wrappers of its services. Any other homework (the teacher's own, another teacher's,
 * deleted) answers 404 like an unknown id.
 */

export const getHeadquarterHomeworkTopicList = defineCall({
  method: 'GET',
  path: '/api/v2/homework-headquarter/homework-topic-list',
  access: 'teacher',
  tag: 'results',
  summary: "A headquarters homework's topics, each with the teacher's children's submission count and averages",
  input: z.object({ homework_id: idField }),
  output: z.object({ rows: z.array(topicOverviewRow) }),
});

export const getHeadquarterTopicAnswerOverview = defineCall({
  method: 'GET',
  path: '/api/v2/homework-headquarter/topic-answer-overview',
  access: 'teacher',
  tag: 'results',
  summary: 'One topic of a headquarters homework per child (as homework/one-topic-overview)',
  input: getOneTopicOverview.input,
  output: getOneTopicOverview.output,
});

export const getHeadquarterTopicAnswerPaper = defineCall({
  method: 'GET',
  path: '/api/v2/homework-headquarter/topic-answer-paper',
  access: 'teacher',
  tag: 'results',
  summary: "One child's answer paper for one topic of a headquarters homework",
  input: getStudentHomeworkTopicDetails.input,
  output: getStudentHomeworkTopicDetails.output,
});
