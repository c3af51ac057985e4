import { readFileSync } from 'node:fs';
import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildClass, buildStudents, buildTeacher } from '../test/factories.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';
import { classes, students, teachers } from './schema/index.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/**
 * Migration 0010 run again over rows written before the contract normalised (docs/classes.md,
 * "Edges": IME input).
 */
const migration = readFileSync(new URL('./migrations/0010_normalize_names.sql', import.meta.url), 'utf8');
const runMigration = async () => {
  for (const statement of migration.split('--> statement-breakpoint')) await t.db.execute(sql.raw(statement));
};

describe('migration 0010_normalize_names', () => {
  it('stores old names, furigana, 学年 and 組 NFKC-normalised; class names only where no other class takes the name', async () => {
    const { teacher } = await buildTeacher(t.db);
    const [id] = await buildStudents(t, 1, { teacher });
    await t.db
      .update(students)
      .set({ name: 'ﾔﾏﾀﾞ　ﾀﾛｳ', furigana: 'ﾔﾏﾀﾞ', gradeName: '４年', kumi: '２組' })
      .where(eq(students.loginId, id!));
    await t.db
      .update(teachers)
      .set({ nickname: 'ＹＡＭＡＤＡ', school: '第１小学校' })
      .where(eq(teachers.id, teacher.id));
    const lone = await buildClass(t, { teacher, name: '５年１組' });
    const taken = await buildClass(t, { teacher, name: '６年１組' });
    const holder = await buildClass(t, { teacher, name: '6年1組' });

    await runMigration();

    const s = (await t.db.select().from(students).where(eq(students.loginId, id!)))[0]!;
    expect([s.name, s.furigana, s.gradeName, s.kumi]).toEqual(['ヤマダ タロウ', 'ヤマダ', '4年', '2組']);
    expect(s.searchKey).toContain('ヤマダ タロウ');
    const me = (await t.db.select().from(teachers).where(eq(teachers.id, teacher.id)))[0]!;
    expect([me.nickname, me.school]).toEqual(['YAMADA', '第1小学校']);
    const names = new Map(
      (await t.db.select().from(classes).where(eq(classes.teacherId, teacher.id))).map((c) => [c.id, c.name]),
    );
    expect(names.get(lone.id)).toBe('5年1組');
    expect(names.get(taken.id)).toBe('６年１組'); // 6年1組 exists: kept as typed, no unique violation
    expect(names.get(holder.id)).toBe('6年1組');
  });
});
