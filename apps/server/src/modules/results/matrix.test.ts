import { getAllTopicOverview, getTopicScoreOverviewY, scoreBuckets } from '@ondoku/contract';
import { eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbOrTx } from '../../db/client.js';
import { homeworkTopics, students } from '../../db/schema/index.js';
import { submitAttempt } from '../../test/attempt-factories.js';
import { call } from '../../test/call.js';
import { teacherWithToken, type SignedInTeacher } from '../../test/factories.js';
import { buildHomework, buildResource } from '../../test/homework-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import { presentStudent, presentTopicOverview, score1, score1OrNull } from './presenter.js';
import * as repo from './repository.js';

/**
 * topic-score-overview-y (one prepared query, cells aggregated in PostgreSQL) and
 * all-topic-overview (the score sums and the children who have not submitted in one prepared
 * query) answer exactly what the queries they replaced gave (docs/benchmarks.md, "The results
 * calls in fewer, prepared queries"). The old path is kept below verbatim as it was on main:
 * recipientPage + topicsOf + progressOf and the matrix row built in Node; bestScoreSums +
 * unsubmittedRecipients + homeworkScores. Nine children (register order with a missing, a
 * repeated and a non-numeric attendance number), four topics (one nobody submits), one to three
 * tries each with scores that are not whole; two children never submit, some submit every topic.
 */
let t: TestApp;
let owner: SignedInTeacher;
let homeworkId: number;
let topicIds: number[];

const registerOrder = sql`s.number is null, length(s.number), s.number, s.furigana, s.name, s.id`;
type StudentRecord = { id: number; loginId: string; name: string; number: string | null };
const studentColumns = sql`s.id, s.login_id as "loginId", s.name, s.number`;

// ---- the path before the change (main at 66f6596), verbatim ----
async function recipientPage(db: DbOrTx, hwId: number, page: { page: number; limit: number }) {
  const { rows } = await db.execute<StudentRecord & { submitted: boolean; done: boolean; total: number }>(sql`
    select ${studentColumns}, r.submitted_at is not null as submitted, r.completed_at is not null as done,
      count(*) over ()::int as total
    from homework_recipients r join students s on s.id = r.student_id
    where r.homework_id = ${hwId} order by ${registerOrder}
    limit ${page.limit} offset ${(page.page - 1) * page.limit}`);
  return rows;
}
async function progressOf(db: DbOrTx, hwId: number, studentIds: number[]) {
  if (studentIds.length === 0) return [];
  const { rows } = await db.execute<{ studentId: number; topicId: number; bestScore: number; practiceCount: number }>(
    sql`select student_id as "studentId", topic_id as "topicId", best_score as "bestScore",
      practice_count as "practiceCount"
    from topic_progress where homework_id = ${hwId}
      and student_id in (${sql.join(
        studentIds.map((id) => sql`${id}`),
        sql`, `,
      )})`,
  );
  return rows;
}
async function oldMatrixPage(input: { page: number; limit: number }) {
  const [topics, page] = await Promise.all([
    repo.topicsOf(t.db, homeworkId),
    recipientPage(t.db, homeworkId, { page: input.page, limit: input.limit }),
  ]);
  const progress = await progressOf(
    t.db,
    homeworkId,
    page.map((s) => s.id),
  );
  const cell = new Map(progress.map((p) => [`${p.studentId}:${p.topicId}`, p]));
  const total = page[0]?.total ?? (input.page > 1 ? await repo.recipientCount(t.db, homeworkId) : 0);
  return {
    rows: page.map((s) => {
      const mine = topics.map((tp) => ({ topicId: tp.id, p: cell.get(`${s.id}:${tp.id}`) }));
      const done = mine.filter((c) => c.p);
      const sum = done.reduce((a, c) => a + c.p!.bestScore, 0);
      return {
        ...presentStudent(s),
        submitted: s.submitted,
        // Fields added since (docs/results.md "Submitted and done"): done, and the fewest submissions of a topic.
        done: s.done,
        practice_count: Math.min(...mine.map((c) => c.p?.practiceCount ?? 0)),
        cells: mine.map(({ topicId, p }) => ({
          topic_id: topicId,
          best_score: score1OrNull(p?.bestScore),
          practice_count: p?.practiceCount ?? 0,
        })),
        average_score: done.length ? score1(sum / Math.max(1, topics.length)) : null,
      };
    }),
    total,
    page: input.page,
    limit: input.limit,
  };
}
async function bestScoreSums(db: DbOrTx, hwId: number) {
  const { rows } = await db.execute<{ studentId: number; sum: number }>(sql`
    select student_id as "studentId", sum(best_score)::float8 as sum
    from topic_progress where homework_id = ${hwId} group by student_id order by student_id`);
  return rows;
}
async function unsubmittedRecipients(db: DbOrTx, hwId: number) {
  const { rows } = await db.execute<StudentRecord>(sql`
    select ${studentColumns} from homework_recipients r join students s on s.id = r.student_id
    where r.homework_id = ${hwId} and r.submitted_at is null order by ${registerOrder}`);
  return rows;
}
const bucketOf = (score: number) => Math.min(scoreBuckets - 1, Math.max(0, Math.floor(score / 10)));
async function homeworkScores(db: DbOrTx, hwId: number, topicCount: number) {
  const sums = await bestScoreSums(db, hwId);
  const scores = sums.map((s) => s.sum / Math.max(1, topicCount));
  const distribution = Array.from({ length: scoreBuckets }, () => 0);
  for (const s of scores) distribution[bucketOf(s)]! += 1;
  const average = scores.length ? scores.reduce((a, b) => a + b, 0) / scores.length : null;
  return { average: score1OrNull(average), distribution };
}
// ---- end of the old path ----

beforeAll(async () => {
  t = await buildTestApp();
  owner = await teacherWithToken(t);
  const extra = [await buildResource(t), await buildResource(t)];
  const hw = await buildHomework(t, { teacher: owner.teacher, students: 9, input: {} });
  homeworkId = hw.homeworkId;
  await t.db.insert(homeworkTopics).values([
    ...extra.map((r, i) => ({
      homeworkId,
      position: i + 2,
      resourceId: r.id,
      title: r.title,
      type: r.type,
      itemCount: 1,
    })),
    { homeworkId, position: 4, resourceId: null, title: '未提出の教材', type: 'sentence_reading', itemCount: 1 },
  ]);
  topicIds = (
    await t.db
      .select()
      .from(homeworkTopics)
      .where(eq(homeworkTopics.homeworkId, homeworkId))
      .orderBy(homeworkTopics.position)
  ).map((r) => r.id);
  const studentRows = hw.loginIds;
  // Register order: a missing number, a repeated one, one that is not a number.
  const numbers = [null, '3', '3', '12', '1', '2a', '7', null, '10'];
  const rows = await t.db.select().from(students).where(inArray(students.loginId, studentRows));
  for (const [i, loginId] of studentRows.entries())
    await t.db
      .update(students)
      .set({ number: numbers[i] ?? null })
      .where(eq(students.id, rows.find((r) => r.loginId === loginId)!.id));
  let k = 0;
  for (const [c, studentRow] of studentRows.entries()) {
    if (c === 2 || c === 6) continue; // never submit
    for (const [j, topicId] of topicIds.slice(0, 3).entries()) {
      if (c % 3 === 1 && j === 1) continue; // these skip the second topic
      for (let attempt = 0; attempt <= (c + j) % 3; attempt++) {
        k++;
        await submitAttempt(t, {
          homeworkId,
          topicId,
          student: studentRow,
          at: new Date(Date.UTC(2026, 3, 8, 1, k)),
          // Two or three items: scores in halves and thirds.
          answers: Array.from({ length: 2 + (k % 2) }, (_, q) => ({
            question_id: q,
            total: (k * 37 + q * 11) % 101,
            accuracy: (k * 13) % 101,
            fluency: (k * 29) % 101,
            integrity: 100 - (k % 7),
          })),
        });
      }
    }
  }
  await markSubmitted([studentRows[0]!, studentRows[3]!]);
});
// (The fourth topic keeps every child from handing the whole homework in: two are marked as if they had.)
async function markSubmitted(loginIds: string[]) {
  await t.db.execute(sql`update homework_recipients r set submitted_at = now() from students s
    where s.id = r.student_id and r.homework_id = ${homeworkId}
      and s.login_id in (${sql.join(
        loginIds.map((l) => sql`${l}`),
        sql`, `,
      )})`);
}

afterAll(async () => {
  await t.close();
});

describe('topic-score-overview-y in one prepared query', () => {
  it('answers every page exactly as recipientPage + topicsOf + progressOf did', async () => {
    const pages = [
      { page: 1, limit: 4 },
      { page: 2, limit: 4 },
      { page: 3, limit: 4 },
      { page: 4, limit: 4 }, // past the end: the total from recipientCount
      { page: 1, limit: 100 },
    ];
    for (const p of pages) {
      const { status, data } = await call(t, getTopicScoreOverviewY, { homework_id: homeworkId, ...p }, { as: owner });
      expect(status).toBe(200);
      expect(data).toEqual(await oldMatrixPage(p));
    }
    // The data really has what the comparison must cover.
    const all = await oldMatrixPage({ page: 1, limit: 100 });
    expect(all.rows).toHaveLength(9);
    expect(all.rows.filter((r) => r.average_score === null)).toHaveLength(2);
    expect(all.rows.some((r) => r.submitted)).toBe(true);
    expect(all.rows.some((r) => r.average_score !== null && !Number.isInteger(r.average_score))).toBe(true);
    expect(all.rows.flatMap((r) => r.cells).some((c) => c.best_score !== null && !Number.isInteger(c.best_score))).toBe(
      true,
    );
    expect(all.rows[0]!.cells.map((c) => c.topic_id)).toEqual(topicIds);
    expect(all.rows.map((r) => r.number)).toEqual(['1', '3', '3', '7', '10', '12', '2a', null, null]);
  });
});

describe('all-topic-overview with the score sums and the unsubmitted children in one prepared query', () => {
  it('answers what bestScoreSums + unsubmittedRecipients + homeworkScores gave', async () => {
    const { status, data } = await call(t, getAllTopicOverview, { homework_id: homeworkId }, { as: owner });
    expect(status).toBe(200);
    const [topics, stats, unsubmitted] = await Promise.all([
      repo.topicsOf(t.db, homeworkId),
      repo.topicStats(t.db, { homeworkId }),
      unsubmittedRecipients(t.db, homeworkId),
    ]);
    const scores = await homeworkScores(t.db, homeworkId, topics.length);
    expect(data!.average_score).toBe(scores.average);
    expect(data!.distribution).toEqual(scores.distribution);
    expect(data!.unsubmitted).toEqual(unsubmitted.map(presentStudent));
    expect(data!.topics).toEqual(topics.map((tp) => presentTopicOverview(tp, stats.get(tp.id), data!.assigned_count)));
    // Coverage: children with and without submissions, every bucket count summed.
    expect(scores.average).not.toBeNull();
    expect(data!.unsubmitted.length).toBeGreaterThanOrEqual(2);
    expect(scores.distribution.reduce((a, b) => a + b, 0)).toBe(7);
  });
});
