import { downloadLimits, downloadMessages, type DownloadKind, type HomeworkDownloadKind } from '@ondoku/contract';
import type { FastifyBaseLogger } from 'fastify';
import { createTicker } from '../../lib/ticker.js';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Storage } from '../../lib/storage.js';
import { requireOwnHomework } from '../homework/policy.js';
import { exporters, type ExportFile, type Progress } from './exports.js';
import {
  claimNext,
  deleteExpired,
  fail,
  fileInUse,
  finish,
  renewClaim,
  setProgress,
  type TaskRecord,
} from './repository.js';

/**
 * The download-task runner (docs/downloads.md): a durable queue in `download_tasks`. Any server
 * process takes the oldest unclaimed task (or one whose claim is older than the lease: its process
 * stopped), makes the file outside any transaction with progress written as it goes, stores it
 * and marks the task finished — unless the task was deleted or retried meanwhile (each write is
 * guarded by the run number). One task at a time per process, so exports never crowd out requests.
 */
export interface DownloadRunner {
  /** Runs every waiting task now, one after another (tests, whose runner is not started; `kick` in production). */
  runAll(): Promise<number>;
  /** Starts a run soon if none is going (after a task is created or retried). */
  kick(): void;
  start(intervalMs: number): void;
  stop(): Promise<void>;
}

/**
 * A kind of file another module makes (the study survey's reports): it reads the task's params,
 * checks they are still the teacher's (throw to fail the task), and may deliver the file itself
 * (an e-mail) before the task is finished. A `TaskFailure` names why the task failed.
 */
export type TaskMaker = (
  db: Db,
  task: Pick<TaskRecord, 'id' | 'teacherId' | 'params'>,
  at: Date,
  progress: Progress,
) => Promise<ExportFile>;

/** A failure whose (Japanese) message the task list shows instead of the generic one. */
export class TaskFailure extends Error {}

export function createDownloadRunner(deps: {
  db: Db;
  storage: Storage;
  clock: Clock;
  log?: FastifyBaseLogger;
  /** Kinds made by other modules (app.ts wires them). */
  makers?: Partial<Record<DownloadKind, TaskMaker>>;
  /** How often a running task's claim is renewed (tests shorten it). */
  heartbeatMs?: number;
}): DownloadRunner {
  const { db, storage, clock } = deps;
  let stopped = false;

  async function removeFiles(keys: (string | null)[]) {
    for (const key of new Set(keys.filter((k): k is string => !!k)))
      if (!(await fileInUse(db, key))) await storage.remove(key);
  }

  async function runOne(task: TaskRecord) {
    const started = clock.now();
    // The claim is renewed while the file is made, so only a run whose process stopped outlives
    // the lease and is taken up by another (docs/downloads.md, "When a process stops").
    const heartbeat = setInterval(
      () => void renewClaim(db, task, clock.now()).catch(() => {}),
      deps.heartbeatMs ?? downloadLimits.heartbeatSeconds * 1000,
    );
    heartbeat.unref();
    try {
      const due = progressGate();
      const progress: Progress = async (percent) => {
        if (!due(percent)) return;
        if (!(await setProgress(db, task, Math.min(99, percent), clock.now()))) throw new TaskGone();
      };
      const maker = deps.makers?.[task.kind as DownloadKind];
      let file: ExportFile;
      if (maker) file = await maker(db, task, started, progress);
      else {
        const make = exporters[task.kind as HomeworkDownloadKind];
        if (!make || !task.params.homework_id) throw new Error(`unknown download kind ${task.kind}`);
        const hw = await requireOwnHomework(db, { id: task.teacherId }, task.params.homework_id, started);
        file = await make(db, hw, started, progress);
      }
      const stored = await storage.put(file.body, 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
      const kept = await finish(db, task, { key: stored.key, name: file.fileName, size: stored.size }, clock.now());
      if (!kept) await removeFiles([stored.key]); // deleted while it was made
    } catch (err) {
      if (err instanceof TaskGone) return;
      deps.log?.error({ err, taskId: task.id }, 'download task failed');
      await fail(db, task, err instanceof TaskFailure ? err.message : downloadMessages.failed, clock.now());
    } finally {
      clearInterval(heartbeat);
    }
  }

  async function runAll() {
    let done = 0;
    await removeFiles((await deleteExpired(db, clock.now())).map((r) => r.fileKey));
    for (;;) {
      if (stopped) return done;
      const task = await claimNext(db, clock.now());
      if (!task) return done;
      await runOne(task);
      done++;
    }
  }

  // Started by server.ts: every interval and on each kick (a task created); tests call runAll().
  const ticker = createTicker(() => runAll(), { log: deps.log, name: 'download runner' });

  return {
    runAll,
    kick: ticker.kick,
    start(intervalMs) {
      stopped = false;
      ticker.start(intervalMs);
      ticker.kick();
    },
    async stop() {
      stopped = true;
      await ticker.stop();
    },
  };
}

/** The least time between two progress writes of one task (ms). */
export const PROGRESS_GAP_MS = 250;

/**
 * Whether a task's progress is worth writing: it moved by 5 points or more and the last write is
 * PROGRESS_GAP_MS old (100 always). Each write is a committed UPDATE the export waits for, and
 * the list is read by a person, so a one-second export writes a few times, not twenty.
 */
export function progressGate(now: () => number = () => performance.now()) {
  let last = -1;
  let at = -Infinity;
  return (percent: number) => {
    if (percent < 100 && (percent - last < 5 || now() - at < PROGRESS_GAP_MS)) return false;
    last = percent;
    at = now();
    return true;
  };
}

/** The task was deleted or retried while it was being made: drop this run quietly. */
class TaskGone extends Error {}
