import { getMyHomeworkPageList, getPeriodicPlanList } from '@ondoku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call } from '../test/call.js';
import { signIn } from '../test/factories.js';
import { buildResource, buildWordBook } from '../test/homework-factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { DEMO_PASSWORD, seedDemo, seedDemoHomeworkOfTeacher01 } from './demo.js';

let t: TestApp;
const logged: string[] = [];
beforeAll(async () => {
  t = await buildTestApp();
  for (const type of ['sentence_reading', 'word_reading', 'article_reading', 'dialog'])
    await buildResource(t, { type, title: `本部の${type}` });
  await buildWordBook(t, { parts: 3, perPart: 8 });
  await seedDemo(t.db, t.secretBox, t.media);
  await seedDemoHomeworkOfTeacher01(t.db, (line) => logged.push(line));
});
afterAll(() => t.close());

describe('demo homework', () => {
  it("gives teacher01's classes homework of every type and state, headquarters homework and a running plan", async () => {
    const token = await signIn(t, 'teacher01', DEMO_PASSWORD);
    const { data } = await call(t, getMyHomeworkPageList, { limit: 100 }, { as: token });
    const states = new Set(data.rows.map((r) => r.state));
    expect([...states].sort()).toEqual(['finished', 'open', 'overdue', 'scheduled']);
    expect([...new Set(data.rows.map((r) => r.type))].sort()).toEqual(['periodic', 'routine', 'wordtest']);
    expect(data.rows.some((r) => r.origin_type === 'headquarters')).toBe(true);
    expect(data.rows.some((r) => r.submitted_count > 0 && r.submitted_count < r.assigned_count)).toBe(true);
    const plans = (await call(t, getPeriodicPlanList, {}, { as: token })).data.rows;
    expect(plans).toHaveLength(1);
    expect(plans[0]).toMatchObject({ state: 'running' });
    expect(plans[0]!.made_count).toBeGreaterThanOrEqual(2);
    expect(logged).toEqual([]);
    const other = await signIn(t, 'teacher02', DEMO_PASSWORD);
    expect((await call(t, getMyHomeworkPageList, {}, { as: other })).data.total).toBe(0);
  });
});
