import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { homeworkTopics } from '../../db/schema/index.js';
import { submitAttempt } from '../../test/attempt-factories.js';
import { buildHomework, buildResource } from '../../test/homework-factories.js';
import { buildTestApp, type TestApp } from '../../test/test-app.js';
import * as repo from './repository.js';

/**
 * topicStats' query shape (docs/benchmarks.md: the best attempts looked up one by one instead of
 * a hash join over every attempt; the matrix header without them) gives exactly what the plain
 * join gave: the same counts, averages, sub-score means and distributions, per topic and for
 * one topic. Six children, three topics, one to three tries each with varied scores; one child
 * never submits, one topic has a single child.
 */
let t: TestApp;
let homeworkId: number;
let topicIds: number[];

/** The query as it was before the change (a left join of attempts on the best attempt). */
async function plainJoin(filter: ReturnType<typeof sql>) {
  const { rows } = await t.db.execute<{
    topicId: number;
    submitted: number;
    average: number | null;
    accuracy: number | null;
    fluency: number | null;
    integrity: number | null;
    distribution: number[];
  }>(sql`
    select tp.topic_id as "topicId", count(*)::int as submitted, avg(tp.best_score)::float8 as average,
      avg(a.accuracy_score)::float8 as accuracy, avg(a.fluency_score)::float8 as fluency,
      avg(a.integrity_score)::float8 as integrity,
      array[${sql.join(
        Array.from({ length: 10 }, (_, k) =>
          k === 9
            ? sql`count(*) filter (where tp.best_score >= 90)::int`
            : sql`count(*) filter (where tp.best_score >= ${k * 10} and tp.best_score < ${(k + 1) * 10})::int`,
        ),
        sql`, `,
      )}] as distribution
    from topic_progress tp left join attempts a on a.id = tp.best_attempt_id
    where ${filter} group by tp.topic_id`);
  return new Map(rows.map((r) => [r.topicId, r]));
}

beforeAll(async () => {
  t = await buildTestApp();
  const extra = [await buildResource(t), await buildResource(t)];
  const hw = await buildHomework(t, { students: 6, input: {} });
  homeworkId = hw.homeworkId;
  // Two more topics of the same homework (positions 2 and 3).
  await t.db.insert(homeworkTopics).values(
    extra.map((r, i) => ({
      homeworkId,
      position: i + 2,
      resourceId: r.id,
      title: r.title,
      type: r.type,
      itemCount: 1,
    })),
  );
  topicIds = (await t.db.select().from(homeworkTopics).where(eq(homeworkTopics.homeworkId, homeworkId))).map(
    (r) => r.id,
  );
  const studentRows = hw.loginIds;
  let k = 0;
  for (const [c, studentRow] of studentRows.entries()) {
    if (c === studentRows.length - 1) continue; // never submits
    for (const [j, topicId] of topicIds.entries()) {
      if (j === 2 && c > 0) continue; // the third topic: one child only
      for (let attempt = 0; attempt <= (c + j) % 3; attempt++) {
        k++;
        const total = 20 + ((k * 37) % 81);
        await submitAttempt(t, {
          homeworkId,
          topicId,
          student: studentRow,
          at: new Date(Date.UTC(2026, 3, 8, 1, k)),
          answers: [
            { question_id: 0, total, accuracy: (k * 13) % 101, fluency: (k * 29) % 101, integrity: 100 - (k % 7) },
          ],
        });
      }
    }
  }
});
afterAll(async () => {
  await t.close();
});

describe('topicsWithStats (one query for the matrix header and the homework details)', () => {
  it('gives what topicsOf and topicStats gave, with and without sub-scores; a topic nobody submitted has none', async () => {
    // A fourth topic that no child has submitted.
    const [unsubmitted] = await t.db
      .insert(homeworkTopics)
      .values({
        homeworkId,
        position: 4,
        resourceId: null,
        title: '未提出の教材',
        type: 'sentence_reading',
        itemCount: 2,
      })
      .returning();
    try {
      for (const subScores of [true, false]) {
        const [topics, stats] = await Promise.all([
          repo.topicsOf(t.db, homeworkId),
          repo.topicStats(t.db, { homeworkId }, { subScores }),
        ]);
        const got = await repo.topicsWithStats(t.db, homeworkId, { subScores });
        expect(got).toEqual(topics.map((topic) => ({ ...topic, stats: stats.get(topic.id) })));
        expect(got).toHaveLength(4);
        expect(got[3]).toMatchObject({ id: unsubmitted!.id, stats: undefined });
        expect(got.filter((r) => r.stats).length).toBe(3);
      }
    } finally {
      await t.db.delete(homeworkTopics).where(eq(homeworkTopics.id, unsubmitted!.id));
    }
  });
});

describe('topicStats', () => {
  it('gives per topic what the plain join gives', async () => {
    const expected = await plainJoin(sql`tp.homework_id = ${homeworkId}`);
    expect(expected.size).toBe(3);
    expect(expected.get(topicIds[2]!)!.submitted).toBe(1);
    const got = await repo.topicStats(t.db, { homeworkId });
    expect(got).toEqual(expected);
  });

  it('gives for one topic what the plain join gives', async () => {
    for (const topicId of topicIds) {
      const expected = await plainJoin(sql`tp.topic_id = ${topicId}`);
      expect(await repo.topicStats(t.db, { topicId })).toEqual(expected);
    }
  });

  it('without sub-scores: the same counts, averages and distributions, no sub-score means', async () => {
    const expected = await plainJoin(sql`tp.homework_id = ${homeworkId}`);
    const got = await repo.topicStats(t.db, { homeworkId }, { subScores: false });
    expect(got.size).toBe(expected.size);
    for (const [id, e] of expected) {
      expect(got.get(id)).toEqual({ ...e, accuracy: null, fluency: null, integrity: null });
      expect(e.accuracy).not.toBeNull();
    }
  });
});
