import { and, asc, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { homework, homeworkRecipients, homeworkTopics, students } from '../db/schema/index.js';
import { createServerEvents } from '../lib/events.js';
import type { Storage } from '../lib/storage.js';
import {
  newEvaluationSid,
  phoneJudgementsOf,
  presentEvaluationResult,
  storeEvaluation,
} from '../modules/evaluation/index.js';
import { categoryOf, submitTopicAs, topicMaterial, type Material, type TopicRecord } from '../modules/learn/index.js';
import { noticeOnEvents } from '../modules/notices/index.js';
import { chance, readerPool, readingProfile, traitsOf } from './student-traits.js';
import type { StudentRecorder } from './recordings.js';

/**
 * Demo children hand in homework through the real path (docs/seed.md): for every spoken item a
 * recording made by a demo child's voice (seed/recordings.ts) is scored by the evaluator on the
 * speech workers and stored exactly as the evaluation socket stores it (`storeEvaluation`: the
 * WebM/Opus recording behind the storage, the result row under a new sid, created a little
 * before the submission); choice items get the child's choice; then `submitTopicAs` — the
 * service of the submit-topic call — takes the scores from those stored results, at the
 * submission's time on an injected clock. No score is written by the seed itself.
 */
const HOUR = 3_600_000;
const JST = 9 * HOUR;

export interface SubmitterDeps {
  db: Db;
  storage: Storage;
  recorder: StudentRecorder;
  /** Reader profiles in the pool (more: more distinct recordings to make and score). */
  readers: number;
  /** Submissions made at once (the speech workers score in parallel; the database takes the rest). */
  concurrency?: number;
  log?: (line: string) => void;
}

export interface HandInPlan {
  homeworkIds: number[];
  /**
   * Share of the children who hand it in completely (by `until`); null: each child's own
   * diligence decides. Others may have practised part of it.
   */
  share: number | null;
  /** Submissions happen before this time (now, for homework still open). */
  until: Date;
}

export interface SubmitterStats {
  submissions: number;
  spokenAnswers: number;
  choiceAnswers: number;
}

type Student = { id: number; teacherId: number };

/** A submission time: on a day between from and to, in the child's usual evening hour (JST). */
function timeOf(from: number, to: number, hour: number, r: number, r2: number): Date | null {
  if (to <= from) return null;
  const t = from + r * (to - from);
  const day = Math.floor((t + JST) / (24 * HOUR)) * 24 * HOUR - JST;
  let at = day + hour * HOUR + Math.floor(r2 * 50) * 60_000;
  if (at <= from) at = from + Math.floor(r2 * Math.min(HOUR, to - from));
  if (at >= to) at = to - Math.max(1, Math.floor(r2 * Math.min(HOUR, to - from)));
  return at > from && at < to ? new Date(at) : null;
}

export function createDemoSubmitter(deps: SubmitterDeps) {
  const pool = readerPool(deps.readers);
  // The teacher's notices are written as the app writes them (app.ts wires the same listener).
  const events = createServerEvents();
  noticeOnEvents(events);
  const materials = new Map<string, Promise<Material>>();
  const stats: SubmitterStats = { submissions: 0, spokenAnswers: 0, choiceAnswers: 0 };

  const materialOf = (student: Student, topic: TopicRecord) => {
    // Same topic, same teacher: the same material (a topic's resource is visible to its teacher).
    const key = `${student.teacherId}:${topic.id}`;
    let m = materials.get(key);
    if (!m) {
      m = topicMaterial(deps.db, student.teacherId, topic);
      materials.set(key, m);
    }
    return m;
  };

  /** One child's submission of one topic at `at` (attempt = how many times before). */
  async function submitTopic(studentRow: Student, topic: TopicRecord, at: Date, attempt: number) {
    const material = await materialOf(studentRow, topic);
    if (material.items.length === 0) return;
    const category = categoryOf(material.storedType);
    const traits = traitsOf(studentRow.id, pool.length);
    const answers: { question_id: number; sid?: string; answer?: string }[] = [];
    const items = material.items;
    for (const [i, item] of items.entries()) {
      if (category) {
        const text = item.screen_text.trim();
        const reader = readingProfile(pool, traits, { studentId: studentRow.id, topicId: topic.id, item: i, attempt });
        const rec = await deps.recorder.record(text, category, reader);
        const sid = newEvaluationSid();
        // Each reading a few tens of seconds before the next; the last just before submitting.
        const readAt = new Date(at.getTime() - (items.length - i) * 40_000);
        await storeEvaluation(
          { db: deps.db, storage: deps.storage },
          {
            sid,
            owner: { kind: 'student', id: studentRow.id },
            category,
            text,
            result: presentEvaluationResult(rec.result),
            phones: phoneJudgementsOf(rec.result.words),
            durationMs: rec.durationMs,
            recording: rec.file,
          },
          readAt,
        );
        answers.push({ question_id: item.index, sid });
        stats.spokenAnswers++;
      } else {
        const right = item.answers?.find((a) => a.correct)?.index ?? 0;
        const wrong = item.answers?.find((a) => !a.correct)?.index ?? right;
        const ok = chance(studentRow.id, topic.id, item.index, attempt, 7) > traits.slipRate * 1.5;
        answers.push({ question_id: item.index, answer: String(ok ? right : wrong) });
        stats.choiceAnswers++;
      }
    }
    await deps.db.transaction((tx) =>
      submitTopicAs(
        tx,
        studentRow,
        { homework_id: topic.homeworkId, topic_id: topic.id, answers },
        { clock: { now: () => at }, events },
      ),
    );
    stats.submissions++;
  }

  /** Runs tasks with at most `concurrency` at once; the first error stops the rest. */
  async function runAll(tasks: (() => Promise<void>)[]) {
    let next = 0;
    const worker = async () => {
      while (next < tasks.length) await tasks[next++]!();
    };
    await Promise.all(Array.from({ length: Math.min(deps.concurrency ?? 4, tasks.length) }, worker));
  }

  return {
    /**
     * The children of these homework hand them in (or practise part of them) between each
     * homework's start and its deadline (or `until`), one task per child and homework.
     */
    async handIn(plan: HandInPlan): Promise<void> {
      if (plan.homeworkIds.length === 0) return;
      const rows = await deps.db
        .select({ id: homework.id, start: homework.startTime, end: homework.endTime, required: homework.requiredTimes })
        .from(homework)
        .where(and(inArray(homework.id, plan.homeworkIds), lte(homework.startTime, plan.until)));
      const topics = await deps.db
        .select()
        .from(homeworkTopics)
        .where(inArray(homeworkTopics.homeworkId, plan.homeworkIds))
        .orderBy(asc(homeworkTopics.homeworkId), asc(homeworkTopics.position));
      const recipients = await deps.db
        .select({ homeworkId: homeworkRecipients.homeworkId, id: students.id, teacherId: students.teacherId })
        .from(homeworkRecipients)
        .innerJoin(students, eq(students.id, homeworkRecipients.studentId))
        .where(inArray(homeworkRecipients.homeworkId, plan.homeworkIds));
      const tasks: (() => Promise<void>)[] = [];
      for (const h of rows) {
        const hTopics = topics.filter((t) => t.homeworkId === h.id && (t.resourceId !== null || t.wordIds));
        if (hTopics.length === 0) continue;
        const from = h.start.getTime();
        const to = Math.min(h.end.getTime(), plan.until.getTime());
        const need = Math.max(1, h.required ?? 1);
        for (const student of recipients.filter((r) => r.homeworkId === h.id)) {
          const traits = traitsOf(student.id, pool.length);
          const r = chance(student.id, h.id, 11);
          const complete = plan.share === null ? r < traits.diligence : r < plan.share;
          // Some who do not finish have practised part of it (one try of the first topic).
          const partial = !complete && chance(student.id, h.id, 12) < 0.35;
          if (!complete && !partial) continue;
          const times: { topic: TopicRecord; attempt: number; at: Date }[] = [];
          const span = to - from;
          for (const [ti, topic] of (complete ? hTopics : hTopics.slice(0, 1)).entries()) {
            const tries = complete
              ? need + (chance(student.id, topic.id, 13) < 0.2 ? 1 : 0)
              : Math.min(1, need - 1) || 1;
            if (!complete && need === 1 && hTopics.length === 1) continue; // one try would complete it
            for (let a = 0; a < tries; a++) {
              // Tries in order through the window; a complete child finishes before the deadline.
              const slot = (a + ti * tries + chance(student.id, topic.id, a, 14)) / (tries * hTopics.length + 1);
              const at = timeOf(from, from + span, traits.hour, slot, chance(student.id, topic.id, a, 15));
              if (at) times.push({ topic, attempt: a, at });
            }
          }
          times.sort((x, y) => x.at.getTime() - y.at.getTime());
          if (times.length) {
            tasks.push(async () => {
              for (const s of times) await submitTopic(student, s.topic, s.at, s.attempt);
            });
          }
        }
      }
      await runAll(tasks);
    },
    stats: () => ({ ...stats }),
  };
}

export type DemoSubmitter = ReturnType<typeof createDemoSubmitter>;
