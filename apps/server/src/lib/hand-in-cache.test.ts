import {
  getAllTopicOverview,
  getExerciseCountRanking,
  getExerciseScoreRanking,
  getIntegralRanking,
  getMyClassRows,
  getMyHomeworkPageList,
  getProgressGraph,
  getRecordDurationRanking,
  getSoundInsights,
  getStudentPageRows,
  getTeacherInfo,
  getTopicScoreOverviewX,
  getTopicScoreOverviewY,
  getUsageAmount,
  getWordProgress,
  searchResources,
  searchStudent,
  submitSelfPractice,
  submitTopic,
} from '@ondoku/contract';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkTopics } from '../db/schema/index.js';
import { newEvaluationSid, storeEvaluation } from '../modules/evaluation/index.js';
import { call } from '../test/call.js';
import { teacherWithToken } from '../test/factories.js';
import {
  buildEvaluationResult,
  buildLearnHomework,
  buildSentenceResource,
  sentenceTexts,
  signInStudent,
  type SignedInStudent,
} from '../test/learn-factories.js';
import { queriesDuring as queriesOf } from '../test/read-cache-probes.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { manualClock } from './clock.js';
import { bypassReplyCache } from './reply-cache.js';

/*
 * A child's hand-in and reading make stale only the kept replies that read what they wrote
 * (docs/architecture.md, "Read caches": topics). Every cached read of the teacher is made before
 * and after each of a child's actions through the calls, as a server sees them: the ones that do not
 * read what the action wrote must answer from memory (no query at all, the token lookup included),
 * and every reply, kept or not, must equal what the database says now (the same read with the reply
 * cache passed by). `t` does not sync before each request: only the child's own write does, before
 * it answers, as on a server.
 */
const clock = manualClock('2026-11-10T01:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ clock, syncBeforeEachRequest: false });
});
afterAll(() => t.close());

const queriesDuring = (fn: () => Promise<unknown>) => queriesOf(t, fn);

describe('a child’s hand-in and reading', () => {
  it('leave the class and student lists, the library and the sign-in in memory; every reply of what they wrote is new at once', async () => {
    const me = await teacherWithToken(t);
    const sentences = await buildSentenceResource(t);
    const { klass, homeworkId, loginIds } = await buildLearnHomework(t, {
      teacher: me.teacher,
      resourceIds: [sentences.id],
      now: clock.now(),
      students: 2,
      requiredTimes: 2,
    });
    const [topic] = await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, homeworkId));
    const kid = await signInStudent(t, loginIds[0]!);
    await t.app.changeFeed.sync();

    const as = { as: me };
    const ofClass = { team_id: klass.id };
    const hw = { homework_id: homeworkId };
    const reads = {
      profile: () => call(t, getTeacherInfo, {}, as),
      classes: () => call(t, getMyClassRows, {}, as),
      students: () => call(t, getStudentPageRows, ofClass, as),
      search: () => call(t, searchStudent, { kw: loginIds[0]! }, as),
      library: () => call(t, searchResources, {}, as),
      homework: () => call(t, getMyHomeworkPageList, {}, as),
      details: () => call(t, getAllTopicOverview, hw, as),
      header: () => call(t, getTopicScoreOverviewX, hw, as),
      matrix: () => call(t, getTopicScoreOverviewY, { ...hw, page: 1, limit: 5 }, as),
      count: () => call(t, getExerciseCountRanking, { ...ofClass, period: 'week' }, as),
      score: () => call(t, getExerciseScoreRanking, { ...ofClass, period: 'week' }, as),
      duration: () => call(t, getRecordDurationRanking, { ...ofClass, period: 'week' }, as),
      integral: () => call(t, getIntegralRanking, { ...ofClass, period: 'week' }, as),
      progress: () => call(t, getProgressGraph, ofClass, as),
      usage: () => call(t, getUsageAmount, ofClass, as),
      words: () => call(t, getWordProgress, ofClass, as),
      sounds: () => call(t, getSoundInsights, ofClass, as),
    };
    type Read = keyof typeof reads;
    const readAll = async () => {
      const out = {} as Record<Read, unknown>;
      for (const [name, read] of Object.entries(reads) as [Read, () => Promise<{ errcode: number; data: unknown }>][]) {
        const r = await read();
        expect({ name, errcode: r.errcode }).toEqual({ name, errcode: 0 });
        out[name] = r.data;
      }
      return out;
    };
    /** What the database says now: every read again with the reply cache passed by. */
    const truth = async () => {
      bypassReplyCache(t.app, true);
      try {
        return await readAll();
      } finally {
        bypassReplyCache(t.app, false);
      }
    };
    /** The reads that answer from memory (no query). */
    const fromMemory = async () => {
      const kept: Read[] = [];
      for (const [name, read] of Object.entries(reads) as [Read, () => Promise<unknown>][])
        if ((await queriesDuring(read)) === 0) kept.push(name);
      return kept;
    };
    /** After a child's action: what was kept, and that every reply is the database's. */
    const check = async (kept: Read[]) => {
      expect(await fromMemory()).toEqual(kept);
      const now = await readAll();
      expect(now).toEqual(await truth());
      return now;
    };
    const handIn = async (kid: SignedInStudent, score: number) => {
      const answers = await Promise.all(
        sentenceTexts.map(async (text, i) => ({
          question_id: i,
          sid: await buildEvaluationResult(t, { studentId: kid.id, text, category: 'read_sentence', score }),
        })),
      );
      const r = await call(t, submitTopic, { ...hw, topic_id: topic!.id, answers }, { as: kid });
      expect(r.errcode, r.errmsg).toBe(0);
    };

    await readAll();
    const all = Object.keys(reads) as Read[];
    expect(await fromMemory()).toEqual(all);
    const before = await readAll();
    type Data = Record<string, any>; // eslint-disable-line @typescript-eslint/no-explicit-any
    const homeworkRow = (d: Record<Read, unknown>) => (d.homework as Data).rows[0];
    expect(homeworkRow(before)).toMatchObject({ assigned_count: 2, submitted_count: 0 });

    // The first hand-in: the child becomes submitted (not yet done: twice required).
    const roster: Read[] = ['profile', 'classes', 'students', 'search', 'library'];
    await handIn(kid, 80);
    const afterFirst = await check([...roster, 'sounds']);
    expect(homeworkRow(afterFirst)).toMatchObject({ assigned_count: 2, submitted_count: 1 });
    expect((afterFirst.details as Data).unsubmitted).toHaveLength(1);
    expect((afterFirst.details as Data).done_count).toBe(0);
    expect((afterFirst.count as Data).rows.find((r: Data) => r.value > 0)).toMatchObject({ value: 1 });

    // The second: now done (a count the homework row keeps, so the list is read again too).
    await handIn(kid, 90);
    const afterSecond = await check([...roster, 'sounds']);
    expect((afterSecond.details as Data).done_count).toBe(1);
    expect((afterSecond.count as Data).rows.find((r: Data) => r.value > 0)).toMatchObject({ value: 2 });

    // The third, practising again: no count changes, so the homework list is kept; the results and
    // the rankings show the practice.
    await handIn(kid, 95);
    const afterThird = await check([...roster, 'homework', 'sounds']);
    expect((afterThird.count as Data).rows.find((r: Data) => r.value > 0)).toMatchObject({ value: 3 });

    // The other child's first hand-in changes the list's count again.
    await handIn(await signInStudent(t, loginIds[1]!), 70);
    const other = await check([...roster, 'sounds']);
    expect(homeworkRow(other)).toMatchObject({ submitted_count: 2 });

    // A reading stored as the evaluation socket stores it: only the sound insights read it.
    await storeEvaluation(
      { db: t.db, storage: t.storage },
      {
        sid: newEvaluationSid(),
        owner: { kind: 'student', id: kid.id },
        category: 'read_word',
        text: 'right',
        result: {
          total_score: 40,
          accuracy_score: 40,
          fluency_score: 40,
          integrity_score: 100,
          words: [{ word: 'right', score: 40, type: 'normal', start_ms: 0, end_ms: 300 }],
          evaluate_html: '<span class="bad">right</span>',
          evaluate_text: 'right',
        },
        phones: [
          { word: 0, phone: 'R', score: 30 },
          { word: 0, phone: 'AY', score: 60 },
          { word: 0, phone: 'T', score: 50 },
        ],
        durationMs: 900,
        recording: null,
      },
      clock.now(),
    );
    await t.app.changeFeed.sync(); // the socket's process is not the one read here: wait for the announcement
    const afterReading = await check(all.filter((r) => r !== 'sounds'));
    expect((afterReading.sounds as Data).sounds.map((s: Data) => s.sound)).toEqual(
      expect.arrayContaining(['R', 'AY', 'T']),
    );

    // A self-practice (an attempt outside any homework): what reads attempts is new, the rest kept.
    const practice = await Promise.all(
      sentenceTexts.map(async (text, i) => ({
        question_id: i,
        sid: await buildEvaluationResult(t, { studentId: kid.id, text, category: 'read_sentence', score: 60 }),
      })),
    );
    const r = await call(t, submitSelfPractice, { resource_id: sentences.id, answers: practice }, { as: kid });
    expect(r.errcode, r.errmsg).toBe(0);
    const afterPractice = await check([...roster, 'homework', 'sounds']);
    expect((afterPractice.usage as Data).students.find((s: Data) => s.self_count > 0)).toMatchObject({ self_count: 1 });
  });
});
