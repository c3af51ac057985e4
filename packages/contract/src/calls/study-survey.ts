import { z } from 'zod';
import { defineCall, idField, pageOf, queryInt } from '../define.js';
import { messages } from '../messages.js';
import { emailField } from '../rules.js';
import { classRef } from './classes.js';
import { downloadTaskRow } from './downloads.js';
import { homeworkStates, homeworkTopic, homeworkTypes, queryDate } from './homework.js';
import { paperAnswer } from './results.js';

/**
 * Study survey: one child's report (docs/study-survey.md; the screen /homework/student-report and
 * the spec's study-survey calls). The filter options, the child's homework with their topics, one
 * topic's attempts, one item's answers across attempts, the study report over a period, the report
 * of one homework against the class, and both reports as xlsx download tasks (optionally e-mailed).
 * Served by apps/server/src/modules/study-survey. The self-practice calls of the same group live
 * in self-practice.ts (served by modules/self-practice).
 *
 * `student_id` is the child's login id (as everywhere in the API); the child must be the
 * teacher's (another teacher's child answers 404 like an unknown one).
 */

/** The periods of a study report, in the school's calendar (Asia/Tokyo; the school year starts in April). */
export const studyPeriods = ['month', 'term', 'year'] as const;
export type StudyPeriod = (typeof studyPeriods)[number];
export const studyPeriodLabels: Record<StudyPeriod, string> = {
  month: '今月',
  term: '今学期',
  year: '今年度',
};

/** A child's state on one homework (docs/study-survey.md). */
export const studyHomeworkStatuses = ['on_time', 'late', 'unsubmitted'] as const;
export type StudyHomeworkStatus = (typeof studyHomeworkStatuses)[number];
export const studyHomeworkStatusLabels: Record<StudyHomeworkStatus, string> = {
  on_time: '期限内に提出',
  late: '期限後に提出',
  unsubmitted: '未提出',
};

export const studySurveyLimits = {
  topicListPageSize: 10,
  /** Words listed as the child's weakest. */
  weakestWords: 10,
} as const;

export const studySurveyMessages = {
  studentRequired: '生徒を選択してください。',
  reportQueued: 'ダウンロード管理でファイルを作成しています。',
  reportMailed: 'ファイルを作成してメールで送ります。',
} as const;

const score = z.number();
const nullableScore = z.number().nullable();
const studentField = z
  .string({ error: studySurveyMessages.studentRequired })
  .trim()
  .min(1, { error: studySurveyMessages.studentRequired })
  .max(100, { error: messages.badRequest });
const periodField = z.enum(studyPeriods, { error: messages.badRequest }).default('month');

export const surveyStudent = z.object({
  student_id: z.string(),
  name: z.string(),
  furigana: z.string(),
  number: z.string().nullable(),
  grade_name: z.string(),
  class_name: z.string(),
});

export const studyPeriodRange = z.object({
  value: z.enum(studyPeriods),
  /** 今月 / 今学期 / 今年度 */
  label: z.string(),
  /** e.g. 2026年度 2学期 */
  name: z.string(),
  /** The first instant of the period and the first instant after it (ISO). */
  from: z.string(),
  to: z.string(),
});

export const getHomeworkSearchFilter2 = defineCall({
  method: 'GET',
  path: '/api/v2/study-survey/homework-search-filter2',
  access: 'teacher',
  tag: 'study-survey',
  summary: "The filter options of a child's homework list: their classes, the periods, homework types and states",
  input: z.object({ student_id: studentField, date: queryDate.optional() }),
  output: z.object({
    student: surveyStudent,
    /** The teacher's classes the child is in, then classes of homework the child received. */
    teams: z.array(classRef),
    periods: z.array(studyPeriodRange),
    homework_types: z.array(z.object({ value: z.enum(homeworkTypes), label: z.string() })),
    statuses: z.array(z.object({ value: z.enum(studyHomeworkStatuses), label: z.string() })),
  }),
});

export const surveyTopic = homeworkTopic.extend({
  /** The child's submissions of this topic, best and last score (null before the first). */
  practice_count: z.number().int(),
  best_score: nullableScore,
  last_score: nullableScore,
  last_at: z.string().nullable(),
});

export const surveyHomeworkRow = z.object({
  homework_id: z.number().int(),
  title: z.string(),
  type: z.enum(homeworkTypes),
  team: classRef.nullable(),
  state: z.enum(homeworkStates),
  start_time: z.string(),
  /** The child's deadline (their reissue's, else the homework's). */
  end_time: z.string(),
  status: z.enum(studyHomeworkStatuses),
  submitted_at: z.string().nullable(),
  /** Mean of the best scores over every topic, a topic not submitted counting 0; null without any submission. */
  score: nullableScore,
  topics: z.array(surveyTopic),
});
export type SurveyHomeworkRow = z.infer<typeof surveyHomeworkRow>;

export const getSurveyHomeworkTopicList = defineCall({
  method: 'GET',
  path: '/api/v2/study-survey/homework-topic-list',
  access: 'teacher',
  tag: 'study-survey',
  summary: "A page of a child's homework (newest first) with each topic's practice count and best score",
  input: z.object({
    student_id: studentField,
    page: queryInt(1, 100_000),
    limit: queryInt(studySurveyLimits.topicListPageSize, 100),
    team_id: idField.optional(),
    period: z.enum(studyPeriods, { error: messages.badRequest }).optional(),
    date: queryDate.optional(),
    homework_type: z.enum(homeworkTypes, { error: messages.badRequest }).optional(),
    status: z.enum(studyHomeworkStatuses, { error: messages.badRequest }).optional(),
  }),
  output: pageOf(surveyHomeworkRow),
});

export const surveyAttempt = z.object({
  attempt_id: z.number().int(),
  created_at: z.string(),
  score,
  accuracy_score: nullableScore,
  fluency_score: nullableScore,
  integrity_score: nullableScore,
  /** Choice items: how many right of how many (null without choice items). */
  correct_count: z.number().int().nullable(),
  choice_count: z.number().int().nullable(),
  duration_ms: z.number().int(),
  is_best: z.boolean(),
  /** Each item's score in this attempt. */
  answers: z.array(z.object({ question_id: z.number().int(), score })),
});

export const surveyItem = z.object({
  question_id: z.number().int(),
  /** The item's text (sentence, word, question); null when the material has none. */
  text: z.string().nullable(),
});

export const getSurveyHomeworkTopicDetails = defineCall({
  method: 'GET',
  path: '/api/v2/study-survey/homework-topic-details',
  access: 'teacher',
  tag: 'study-survey',
  summary: "One child's one topic: every submission (newest first) with its scores, and the class average",
  input: z.object({ student_id: studentField, homework_id: idField, topic_id: idField }),
  output: z.object({
    student: surveyStudent,
    homework: z.object({ homework_id: z.number().int(), title: z.string() }),
    topic: surveyTopic,
    /** Mean of the class's best scores for this topic (null before any submission). */
    class_average: nullableScore,
    items: z.array(surveyItem),
    attempts: z.array(surveyAttempt),
  }),
});

export const answerLogRow = paperAnswer.extend({
  attempt_id: z.number().int(),
  created_at: z.string(),
  duration_ms: z.number().int().nullable(),
  is_best: z.boolean(),
});

export const getQuestionAnswerLogs = defineCall({
  method: 'GET',
  path: '/api/v2/study-survey/question-answer-logs',
  access: 'teacher',
  tag: 'study-survey',
  summary: "One child's answers to one item across their submissions (newest first): score, markup, recording",
  input: z.object({
    student_id: studentField,
    homework_id: idField,
    topic_id: idField,
    question_id: z.coerce.number({ error: messages.badRequest }).int().min(0).max(10_000),
  }),
  output: z.object({
    student: surveyStudent,
    topic: homeworkTopic,
    item: surveyItem,
    rows: z.array(answerLogRow),
  }),
});

export const getStudentStudyReport = defineCall({
  method: 'GET',
  path: '/api/v2/study-survey/student-study-report',
  access: 'teacher',
  tag: 'study-survey',
  summary:
    "One child's study over a period: homework submitted and on time, the score trend, sub-scores, practice and weakest words",
  input: z.object({ student_id: studentField, period: periodField, date: queryDate.optional() }),
  output: z.object({
    student: surveyStudent,
    period: studyPeriodRange,
    homework: z.object({
      /** Homework that reached the child in the period (opened by now). */
      assigned: z.number().int(),
      submitted: z.number().int(),
      on_time: z.number().int(),
      late: z.number().int(),
      unsubmitted: z.number().int(),
      /** submitted / assigned in %, one decimal (null without homework). */
      submission_rate: nullableScore,
    }),
    /** Means over the child's homework submissions in the period. */
    average_score: nullableScore,
    accuracy_score: nullableScore,
    fluency_score: nullableScore,
    integrity_score: nullableScore,
    /** Weeks (Monday first) for a month, months for a term or a year. */
    granularity: z.enum(['week', 'month']),
    trend: z.array(
      z.object({
        label: z.string(),
        from: z.string(),
        to: z.string(),
        average_score: nullableScore,
        attempts: z.number().int(),
      }),
    ),
    practice: z.object({
      /** Every submission: homework and self-practice. */
      count: z.number().int(),
      homework_count: z.number().int(),
      self_count: z.number().int(),
      recording_minutes: z.number(),
    }),
    weakest_words: z.array(z.object({ word: z.string(), missed: z.number().int(), read: z.number().int() })),
  }),
});

export const getStudentHomeworkReport = defineCall({
  method: 'GET',
  path: '/api/v2/study-survey/student-homework-report',
  access: 'teacher',
  tag: 'study-survey',
  summary: "One child on one homework: per topic their best scores against the class's averages",
  input: z.object({ student_id: studentField, homework_id: idField }),
  output: z.object({
    student: surveyStudent,
    homework: z.object({
      homework_id: z.number().int(),
      title: z.string(),
      type: z.enum(homeworkTypes),
      team: classRef.nullable(),
      state: z.enum(homeworkStates),
      start_time: z.string(),
      end_time: z.string(),
      assigned_count: z.number().int(),
      submitted_count: z.number().int(),
    }),
    status: z.enum(studyHomeworkStatuses),
    submitted_at: z.string().nullable(),
    score: nullableScore,
    /** Mean over the children with any submission of their homework score. */
    class_average: nullableScore,
    topics: z.array(
      surveyTopic.extend({
        accuracy_score: nullableScore,
        fluency_score: nullableScore,
        integrity_score: nullableScore,
        class_average: nullableScore,
        class_accuracy: nullableScore,
        class_fluency: nullableScore,
        class_integrity: nullableScore,
        class_submitted: z.number().int(),
      }),
    ),
  }),
});

const exportReply = z.object({
  task: downloadTaskRow,
  /** The address the file will be sent to once made (lower-cased), or null. */
  email: z.string().nullable(),
});

export const exportStudentStudyReport = defineCall({
  method: 'POST',
  path: '/api/v2/study-survey/export-student-study-report',
  access: 'teacher',
  tag: 'study-survey',
  summary: "Make a child's study report (xlsx) as a download task; with `email`, also mail it as an attachment",
  input: z.object({
    student_id: studentField,
    period: periodField,
    date: queryDate.optional(),
    email: emailField.optional(),
  }),
  output: exportReply,
});

export const exportStudentHomeworkReport = defineCall({
  method: 'POST',
  path: '/api/v2/study-survey/export-student-homework-report',
  access: 'teacher',
  tag: 'study-survey',
  summary: "Make a child's report of one homework (xlsx) as a download task; with `email`, also mail it",
  input: z.object({ student_id: studentField, homework_id: idField, email: emailField.optional() }),
  output: exportReply,
});
