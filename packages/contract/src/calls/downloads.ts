import { z } from 'zod';
import { defineCall, idField, pageOf, queryInt } from '../define.js';
import { messages } from '../messages.js';
import { emailField } from '../rules.js';
import { XLSX_TYPE } from './files.js';

/**
 * Download tasks (docs/downloads.md; the screen /download-manage: tasks are processing, finished
 * or failed; failed tasks can be retried; tasks can be deleted) and the homework results exports
 * (export-topic-score-overview, export-topic-student-score). An export is made by a durable job
 * (a row in download_tasks, run by any server process, resumed after a restart) with progress;
 * the file is kept for `downloadLimits.keepDays`. The two blob calls make the same file at once
 * for a homework small enough (≤ downloadLimits.directMaxRows children), else answer
 * `downloadMessages.tooLargeForDirect` so the screen makes a task instead. Served by
 * apps/server/src/modules/downloads.
 */

/** What download-task/create makes: the homework results exports. */
export const homeworkDownloadKinds = ['topic-score-overview', 'topic-student-score'] as const;
export type HomeworkDownloadKind = (typeof homeworkDownloadKinds)[number];
/** Every kind a task may hold: also the study survey's reports of one child (calls/study-survey.ts). */
/** The learning statistics' tables of one class (calls/learning-statistics.ts). */
export const learningStatisticsDownloadKinds = [
  'learning-progress',
  'learning-usage',
  'learning-words',
  'learning-sounds',
] as const;
export const downloadKinds = [
  ...homeworkDownloadKinds,
  'student-study-report',
  'student-homework-report',
  // The integral ranking of classes (calls/rankings.ts).
  'integral-ranking',
  ...learningStatisticsDownloadKinds,
] as const;
export type DownloadKind = (typeof downloadKinds)[number];
export const downloadKindLabels: Record<DownloadKind, string> = {
  'topic-score-overview': '課題別の集計',
  'topic-student-score': '生徒別の得点',
  'student-study-report': '学習レポート',
  'student-homework-report': '宿題レポート',
  'integral-ranking': 'ポイントランキング',
  'learning-progress': '成績の推移',
  'learning-usage': '学習量',
  'learning-words': '単語の進捗',
  'learning-sounds': '発音の分析',
};

export const downloadStatuses = ['processing', 'finished', 'failed'] as const;
export type DownloadStatus = (typeof downloadStatuses)[number];
export const downloadStatusLabels: Record<DownloadStatus, string> = {
  processing: '作成中',
  finished: '完了',
  failed: '失敗',
};

export const downloadLimits = {
  /** Files are deleted this many days after they were made (tasks too). */
  keepDays: 7,
  /** Tasks a teacher may have waiting or running at once. */
  processingPerTeacher: 5,
  /** Children of a homework beyond which the direct (blob) export refers to a download task. */
  directMaxRows: 2000,
  /** Rows of one export file (a homework goes to at most this many children). */
  maxRows: 20_000,
  /**
   * A running task whose process stopped is taken up again after this many seconds; a live run
   * renews its claim every `heartbeatSeconds` (docs/downloads.md, "When a process stops").
   */
  leaseSeconds: 20,
  heartbeatSeconds: 5,
  pageSize: 10,
} as const;

export const downloadMessages = {
  taskNotFound: 'ダウンロードタスクが見つかりませんでした。',
  tooMany: `作成中のダウンロードは${downloadLimits.processingPerTeacher}件までです。完了するまでお待ちください。`,
  onlyFailedRetry: '失敗したタスクのみ再試行できます。',
  notFinished: 'ファイルはまだ作成中です。',
  tooLargeForDirect: 'データが多いため、ダウンロード管理で作成します。',
  failed: 'ファイルを作成できませんでした。再試行してください。',
  tasksRequired: '削除するタスクを選択してください。',
  created: 'ダウンロード管理でファイルを作成しています。',
} as const;

export const downloadTaskRow = z.object({
  task_id: z.number().int(),
  kind: z.enum(downloadKinds),
  /** What the file holds, e.g. 「生徒別の得点：5年1組 音読の宿題」. */
  title: z.string(),
  status: z.enum(downloadStatuses),
  /** 0–100 while processing. */
  progress: z.number().int(),
  /** Why it failed (Japanese), when failed. */
  error: z.string().nullable(),
  file_name: z.string().nullable(),
  size_bytes: z.number().int().nullable(),
  created_at: z.string(),
  finished_at: z.string().nullable(),
  /** When the file will be deleted. */
  expires_at: z.string(),
});
export type DownloadTaskRow = z.infer<typeof downloadTaskRow>;

export const getDownloadTaskPageList = defineCall({
  method: 'GET',
  path: '/api/v2/download-task/page-list',
  access: 'teacher',
  tag: 'downloads',
  summary: "A page of the teacher's download tasks, newest first",
  input: z.object({
    page: queryInt(1, 100_000),
    limit: queryInt(downloadLimits.pageSize, 100),
    status: z.enum(downloadStatuses).optional(),
  }),
  output: pageOf(downloadTaskRow).extend({ processing: z.number().int() }),
});

export const createDownloadTask = defineCall({
  method: 'POST',
  path: '/api/v2/download-task/create',
  access: 'teacher',
  tag: 'downloads',
  summary: 'Start making an export file as a download task (progress on the download list)',
  input: z.object({ kind: z.enum(homeworkDownloadKinds, { error: messages.badRequest }), homework_id: idField }),
  output: z.object({ task: downloadTaskRow }),
});

export const retryDownloadTask = defineCall({
  method: 'POST',
  path: '/api/v2/download-task/retry',
  access: 'teacher',
  tag: 'downloads',
  summary: 'Make a failed task again',
  input: z.object({ task_id: idField }),
  output: z.object({ task: downloadTaskRow }),
});

export const deleteDownloadTasks = defineCall({
  method: 'POST',
  path: '/api/v2/download-task/delete',
  access: 'teacher',
  tag: 'downloads',
  summary: 'Delete tasks and their files (a running task stops)',
  input: z.object({
    task_ids: z
      .array(idField)
      .min(1, { error: downloadMessages.tasksRequired })
      .max(100, { error: messages.badRequest }),
  }),
  output: z.object({ count: z.number().int() }),
});

export const downloadTaskFile = defineCall({
  method: 'GET',
  path: '/api/v2/download-task/file',
  access: 'teacher',
  tag: 'downloads',
  kind: 'blob',
  contentType: XLSX_TYPE,
  summary: 'The file of a finished task (blob)',
  input: z.object({ task_id: idField }),
  output: z.string().meta({ format: 'binary' }),
});

export const exportTopicScoreOverview = defineCall({
  method: 'GET',
  path: '/api/v2/homework/export-topic-score-overview',
  access: 'teacher',
  tag: 'downloads',
  kind: 'blob',
  contentType: XLSX_TYPE,
  summary: "A homework's per-topic summary (submissions, averages) as xlsx (blob); large homework: use a task",
  input: z.object({ homework_id: idField }),
  output: z.string().meta({ format: 'binary' }),
});

export const exportTopicStudentScore = defineCall({
  method: 'GET',
  path: '/api/v2/homework/export-topic-student-score',
  access: 'teacher',
  tag: 'downloads',
  kind: 'blob',
  contentType: XLSX_TYPE,
  summary: "A homework's child × topic best scores as xlsx (blob); large homework: use a task",
  input: z.object({ homework_id: idField }),
  output: z.string().meta({ format: 'binary' }),
});

export const sendStudentTopicMail = defineCall({
  method: 'GET',
  path: '/api/v2/homework/send-student-topic-mail',
  access: 'teacher:not-guest',
  tag: 'downloads',
  summary: "E-mail a homework's results (both xlsx files attached, with a summary) to an address",
  input: z.object({ homework_id: idField, email: emailField }),
  output: z.object({ email: z.string() }),
});
