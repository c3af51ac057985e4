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
