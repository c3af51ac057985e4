import type { DownloadKind, DownloadTaskRow } from '@ondoku/contract';
import type { TaskRecord } from './repository.js';

export const presentTask = (t: TaskRecord): DownloadTaskRow => ({
  task_id: t.id,
  kind: t.kind as DownloadKind,
  title: t.title,
  status: t.status,
  progress: t.progress,
  error: t.error,
  file_name: t.fileName,
  size_bytes: t.sizeBytes,
  created_at: t.createdAt.toISOString(),
  finished_at: t.finishedAt?.toISOString() ?? null,
  expires_at: t.expiresAt.toISOString(),
});

/** One page of the teacher's tasks, with how many are still being made. */
export const presentTaskPage = (
  page: { rows: TaskRecord[]; total: number; processing: number },
  q: { page: number; limit: number },
) => ({
  rows: page.rows.map(presentTask),
  total: page.total,
  page: q.page,
  limit: q.limit,
  processing: page.processing,
});

/** A task just queued (create, retry; the study-survey reports add the address they mail to). */
export const presentTaskReply = <E extends object = object>(t: TaskRecord, extra?: E) => ({
  task: presentTask(t),
  ...(extra as E),
});

export const presentMailed = (email: string) => ({ email });
