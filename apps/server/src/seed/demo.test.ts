import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signIn } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { classroomDemo } from '../modules/library/material/classroom-demo.js';
import { DEMO_PASSWORD, seedDemo } from './demo.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
  await seedDemo(t.db, t.secretBox, t.media);
});
afterAll(() => t.close());

const classesOf = async (loginId: string) => {
  const token = await signIn(t, loginId, DEMO_PASSWORD);
  const res = await t.app.inject({
    method: 'GET',
    url: '/api/v2/team/my-team-rows',
    headers: { authorization: `Bearer ${token}` },
  });
  return { token, rows: res.json().data.rows as { team_id: number; name: string; student_count: number }[] };
};

describe('demo data', () => {
  it('gives teacher01 three classes of 25–35 students with Japanese names, teacher02 one', async () => {
    const one = await classesOf('teacher01');
    expect(one.rows.map((r) => r.name)).toEqual(['3年1組', '3年2組', '5年1組']);
    for (const r of one.rows) {
      expect(r.student_count).toBeGreaterThanOrEqual(25);
      expect(r.student_count).toBeLessThanOrEqual(35);
    }
    const page = await t.app.inject({
      method: 'GET',
      url: `/api/v2/team/student-page-rows?team_id=${one.rows[0]!.team_id}`,
      headers: { authorization: `Bearer ${one.token}` },
    });
    const first = page.json().data.rows[0];
    expect(first.name).toMatch(/^\p{Script=Han}+ \p{Script=Han}+$/u);
    expect(first.furigana).toMatch(/^\p{Script=Hiragana}+ \p{Script=Hiragana}+$/u);
    expect((await classesOf('teacher02')).rows.map((r) => r.name)).toEqual(['4年1組']);
    expect((await classesOf('guest01')).rows).toEqual([]);
  });

  it('gives teacher01 an account application of each outcome, and no new class', async () => {
    const { token } = await classesOf('teacher01');
    const res = await t.app.inject({
      method: 'GET',
      url: '/api/v2/account-apply/order-list',
      headers: { authorization: `Bearer ${token}` },
    });
    const rows = res.json().data.rows as { apply_type: string; apply_status: string; reason: string }[];
    expect(rows.map((r) => [r.apply_type, r.apply_status])).toEqual([
      ['new_students', 'pending'],
      ['renewal', 'returned'],
      ['teacher_account', 'completed'],
    ]);
    expect(rows[1]!.reason).toContain('押印');
  });

  it('gives teacher01 the demo classroom material, which only teacher01 sees', async () => {
    const classroom = async (loginId: string) => {
      const token = await signIn(t, loginId, DEMO_PASSWORD);
      const res = await t.app.inject({
        method: 'GET',
        url: '/api/v2/resource/search?origin_type=classroom',
        headers: { authorization: `Bearer ${token}` },
      });
      return res.json().data.rows as { title: string; type: string }[];
    };
    // The authored material, and one set made with free recitation (docs/free-recitation.md).
    const authored = [...classroomDemo.sentenceSets, ...classroomDemo.articles]
      .map((x) => x.title)
      .concat('自由音読：自己紹介（先生の教材）')
      .sort();
    expect((await classroom('teacher01')).map((r) => r.title).sort()).toEqual(authored);
    expect(await classroom('teacher02')).toEqual([]);
  });
});
