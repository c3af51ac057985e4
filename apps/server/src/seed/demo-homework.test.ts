import {
  commitRollover,
  getArchivedClassRows,
  getMyClassRows,
  getMyHomeworkPageList,
  getPeriodicPlanList,
  getStudentPageRows,
  previewRollover,
} from '@ondoku/contract';
import { and, eq, isNotNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { attemptAnswers, attempts, evaluationResults, homeworkRecipients, teachers } from '../db/schema/index.js';
import { createSpeechService } from '../modules/evaluation/index.js';
import { call } from '../test/call.js';
import { signIn } from '../test/factories.js';
import { buildResource, buildWordBook } from '../test/homework-factories.js';
import { testSynthesisCacheDir } from '../test/library-files.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_PASSWORD, seedDemo, seedDemoHomeworkOfTeacher01, type HomeworkSeedReport } from './demo.js';
import { evaluatorFingerprint } from './recordings.js';

let t: TestApp;
const speech = createSpeechService({ workers: 2 });
const logged: string[] = [];
let report: HomeworkSeedReport | null;
beforeAll(async () => {
  t = await buildTestApp();
  for (const type of ['sentence_reading', 'word_reading', 'article_reading', 'dialog'])
    await buildResource(t, { type, title: `本部の${type}` });
  await buildWordBook(t, { parts: 3, perPart: 8 });
  await seedDemo(t.db, t.secretBox, t.media);
  report = await seedDemoHomeworkOfTeacher01(
    t.db,
    {
      speech,
      storage: t.storage,
      cacheDir: testSynthesisCacheDir,
      evaluator: await evaluatorFingerprint(),
    },
    (line) => logged.push(line),
  );
}, 900_000);
afterAll(async () => {
  await speech.close();
  await t.close();
});

describe('demo homework', () => {
  it("gives teacher01's classes homework of every type and state, headquarters homework and a running plan", async () => {
    const token = await signIn(t, 'teacher01', DEMO_PASSWORD);
    const { data } = await call(t, getMyHomeworkPageList, { limit: 100 }, { as: token });
    const states = new Set(data.rows.map((r) => r.state));
    expect([...states].sort()).toEqual(['finished', 'open', 'overdue', 'scheduled']);
    expect([...new Set(data.rows.map((r) => r.type))].sort()).toEqual(['periodic', 'routine', 'wordtest']);
    expect(data.rows.some((r) => r.origin_type === 'headquarters')).toBe(true);
    expect(data.rows.some((r) => r.submitted_count > 0 && r.submitted_count < r.assigned_count)).toBe(true);
    // A term of weekly homework before the recent ones, handed in by most children.
    const term = data.rows.filter((r) => r.title.startsWith('第'));
    expect(term.length).toBeGreaterThanOrEqual(6);
    for (const r of term) expect(r.submitted_count).toBeGreaterThan(r.assigned_count / 2);
    const plans = (await call(t, getPeriodicPlanList, {}, { as: token })).data.rows;
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ state: 'running' });
    expect(plans[0]!.made_count).toBeGreaterThanOrEqual(2);
    expect(logged).toEqual([]);
    const other = await signIn(t, 'teacher02', DEMO_PASSWORD);
    expect((await call(t, getMyHomeworkPageList, {}, { as: other })).data.total).toBe(0);
  });

  it('earns every score through the real path: stored evaluation results with recordings, named by submissions', async () => {
    expect(report!.submissions.submissions).toBeGreaterThan(100);
    expect(report!.submissions.spokenAnswers).toBeGreaterThan(100);
    // Each spoken answer names a result the child's reading produced, used once, with its recording.
    const spoken = await t.db
      .select({
        score: attemptAnswers.score,
        words: attemptAnswers.words,
        audioKey: attemptAnswers.audioKey,
        student: attempts.studentId,
        resultStudent: evaluationResults.studentId,
        resultScore: evaluationResults.totalScore,
        resultAudio: evaluationResults.audioKey,
        audioType: evaluationResults.audioType,
        usedAt: evaluationResults.usedAt,
        attemptAt: attempts.createdAt,
      })
      .from(attemptAnswers)
      .innerJoin(attempts, eq(attempts.id, attemptAnswers.attemptId))
      .innerJoin(evaluationResults, eq(evaluationResults.sid, attemptAnswers.sid));
    expect(spoken.length).toBe(report!.submissions.spokenAnswers);
    for (const a of spoken) {
      expect(a.resultStudent).toBe(a.student);
      expect(a.score).toBe(a.resultScore);
      expect(a.audioKey).toBe(a.resultAudio);
      expect(a.audioType).toBe('audio/webm');
      expect(a.usedAt!.getTime()).toBe(a.attemptAt.getTime());
    }
    expect(await t.storage.exists(spoken[0]!.audioKey!)).toBe(true);
    // Scores vary between children, and some readings slipped (a word left out or misread).
    expect(new Set(spoken.map((a) => a.score)).size).toBeGreaterThan(10);
    const types = new Set(spoken.flatMap((a) => (a.words ?? []).map((w) => w.type)));
    expect(types.has('omitted') || types.has('mispronounced')).toBe(true);
    // No result is left unsubmitted, and every hand-in is in the past, by a child of teacher01.
    const unused = await t.db.execute(sql`select count(*)::int as n from evaluation_results where used_at is null`);
    expect(unused.rows[0]).toEqual({ n: 0 });
    // Every reading keeps the evaluator's phone judgements, summed into the children's sound statistics.
    const phones = await t.db.execute(
      sql`select count(*) filter (where phones is null)::int as missing, (select count(*)::int from sound_judgements) as sounds
        from evaluation_results`,
    );
    expect(phones.rows[0]).toMatchObject({ missing: 0 });
    expect(Number(phones.rows[0]!.sounds)).toBeGreaterThan(100);
    const [teacher] = await t.db.select().from(teachers).where(eq(teachers.loginId, 'teacher01'));
    const others = await t.db.execute(
      sql`select count(*)::int as n from attempts where teacher_id <> ${teacher!.id} or created_at > now()`,
    );
    expect(others.rows[0]).toEqual({ n: 0 });
    const handedIn = await t.db
      .select({ n: sql<number>`count(*)::int` })
      .from(homeworkRecipients)
      .where(and(isNotNull(homeworkRecipients.submittedAt)));
    expect(handedIn[0]!.n).toBeGreaterThan(50);
  });

  // Last: it takes teacher01's school into the next year.
  it("takes the demo school into the next school year: every class and child afterwards, the term's results kept", async () => {
    const token = await signIn(t, 'teacher01', DEMO_PASSWORD);
    const homeworkBefore = (await call(t, getMyHomeworkPageList, { limit: 100 }, { as: token })).data.rows;
    const before = (await call(t, getStudentPageRows, { limit: 100 }, { as: token })).data.rows;
    expect(before).toHaveLength(93);
    const old = (await call(t, getMyClassRows, {}, { as: token })).data.rows;
    expect(old.map((c) => [c.name, c.student_count])).toEqual([
      ['3年1組', 28],
      ['3年2組', 31],
      ['5年1組', 34],
    ]);
    const next: Record<string, string> = { '3年1組': '4年1組', '3年2組': '4年2組', '5年1組': '6年1組' };
    const plan = { plans: old.map((c) => ({ team_id: c.team_id, action: 'next' as const, name: next[c.name]! })) };
    const preview = (await call(t, previewRollover, plan, { as: token })).data;
    expect(preview.errors).toEqual([]);
    expect(preview.moves).toHaveLength(93);
    const done = await call(t, commitRollover, plan, { as: token });
    expect(done.errcode).toBe(0);
    expect(done.data.moves).toEqual(preview.moves);

    // Every child: in the next class, one grade up, nobody lost or graduated.
    const after = (await call(t, getStudentPageRows, { limit: 100 }, { as: token })).data.rows;
    const was = new Map(before.map((r) => [r.student_id, r]));
    expect(after.map((r) => r.student_id).sort()).toEqual([...was.keys()].sort());
    for (const student of after) {
      const prior = was.get(student.student_id)!;
      expect(prior.teams).toHaveLength(1);
      expect(student.teams.map((c) => c.name)).toEqual([next[prior.teams[0]!.name]]);
      expect(student.grade_name).toBe(prior.grade_name === '3年' ? '4年' : '6年');
    }
    const live = (await call(t, getMyClassRows, {}, { as: token })).data.rows;
    expect(live.map((c) => [c.name, c.student_count])).toEqual([
      ['4年1組', 28],
      ['4年2組', 31],
      ['6年1組', 34],
    ]);
    const archived = (await call(t, getArchivedClassRows, {}, { as: token })).data.rows;
    expect(archived.map((c) => [c.name, c.student_count]).sort()).toEqual([
      ['3年1組', 28],
      ['3年2組', 31],
      ['5年1組', 34],
    ]);
    // Last year's homework and what the children handed in stay as they were.
    const homeworkAfter = (await call(t, getMyHomeworkPageList, { limit: 100 }, { as: token })).data.rows;
    const counts = (rows: typeof homeworkAfter) =>
      rows.map((r) => `${r.homework_id}:${r.assigned_count}:${r.submitted_count}`).sort();
    expect(counts(homeworkAfter)).toEqual(counts(homeworkBefore));
  });
});
