import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSpeechService } from '../modules/evaluation/index.js';
import { testSynthesisCacheDir } from '../test/library-files.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { evaluatorFingerprint } from './recordings.js';
import { seedLarge, type LargeSeedReport } from './sizes.js';

/**
 * The region size in miniature: 2 schools × 3 classes × 4 children, 3 weeks. One class hands its
 * term in through the real path; the other five copy it child by child.
 */
let t: TestApp;
const speech = createSpeechService({ workers: 2 });
let report: LargeSeedReport;
const one = async <T>(q: ReturnType<typeof sql>) => (await t.db.execute(q)).rows[0] as T;

beforeAll(async () => {
  t = await buildTestApp();
  report = await seedLarge(
    t.db,
    t.secretBox,
    { speech, storage: t.storage, cacheDir: testSynthesisCacheDir, evaluator: await evaluatorFingerprint() },
    'region',
    () => {},
    { teachers: 2, classesPer: 3, studentsPer: 4, weeks: 3 },
  );
}, 600_000);
afterAll(async () => {
  await speech.close();
  await t.close();
});

describe('region size (copies of an evaluated class)', () => {
  it('makes the shape through the services and copies the template class to the other five', async () => {
    expect(report).toMatchObject({ teachers: 2, classes: 6, students: 24, homework: 18 });
    expect(report.submissions.submissions).toBeGreaterThan(0);
    const template = await one<{ attempts: number; answers: number }>(sql`
      select count(distinct a.id)::int as attempts, count(*)::int as answers
      from attempts a join attempt_answers aa on aa.attempt_id = a.id
      join homework h on h.id = a.homework_id
      where h.class_id = (select min(id) from classes)`);
    expect(report.copied.attempts).toBe(template.attempts * 5);
    expect(report.copied.answers).toBe(template.answers * 5);
    const totals = await one<{ attempts: number; answers: number; results: number }>(sql`
      select (select count(*)::int from attempts) as attempts, (select count(*)::int from attempt_answers) as answers,
        (select count(*)::int from evaluation_results) as results`);
    expect(totals.attempts).toBe(template.attempts * 6);
    expect(totals.answers).toBe(template.answers * 6);
  });

  it('keeps copies consistent: own results per child, attempts in their homework window, progress and hand-ins', async () => {
    const bad = await one<Record<string, number>>(sql`
      select
        (select count(*)::int from attempt_answers aa join attempts a on a.id = aa.attempt_id
          left join evaluation_results r on r.sid = aa.sid
          where aa.sid is not null and (r.sid is null or r.student_id <> a.student_id or r.total_score <> aa.score)) as answers,
        (select count(*)::int from attempts a join homework h on h.id = a.homework_id
          where a.created_at < h.start_time or a.created_at >= h.end_time or a.teacher_id <> h.teacher_id) as times,
        (select count(*)::int from topic_progress p join attempts a on a.id = p.best_attempt_id
          where a.student_id <> p.student_id or a.topic_id <> p.topic_id) as progress,
        (select count(*)::int from attempts a where not exists (select 1 from homework_recipients r
          where r.homework_id = a.homework_id and r.student_id = a.student_id)) as strangers`);
    expect(bad).toEqual({ answers: 0, times: 0, progress: 0, strangers: 0 });
    // Hand-ins per class are the template's, and the homework rows count them (triggers).
    const perClass = await t.db.execute(sql`
      select h.class_id, sum(h.submitted_count)::int as submitted from homework h group by h.class_id order by h.class_id`);
    const counts = perClass.rows.map((r) => (r as { submitted: number }).submitted);
    expect(new Set(counts).size).toBe(1);
    expect(counts[0]).toBeGreaterThan(0);
  });
});
