import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { teachers } from '../db/schema/index.js';
import type { SecretBox } from '../lib/secret-box.js';
import { createTeacher } from '../modules/auth/service.js';
import { seedDemoHomework } from './demo-homework.js';
import { seedDemoClasses } from './demo-students.js';

/** Demo accounts listed in the README; created through the same service the operator command uses. */
export const demoTeachers = [
  {
    loginId: 'teacher01',
    email: 'teacher01@example.com',
    nickname: '山田 花子',
    school: 'さくら小学校',
    showLive: false,
  },
  {
    loginId: 'teacher02',
    email: 'teacher02@example.com',
    nickname: '佐藤 健',
    school: 'ひまわり小学校',
    showLive: false,
  },
  {
    loginId: 'guest01',
    email: 'guest01@example.com',
    nickname: 'ゲスト 先生',
    school: 'さくら小学校',
    type: 'guest' as const,
  },
];
export const DEMO_PASSWORD = 'pass1234';

export async function isEmpty(db: Db): Promise<boolean> {
  const [row] = await db.select({ n: count() }).from(teachers);
  return (row?.n ?? 0) === 0;
}

export async function seedDemo(db: Db, box: SecretBox, log: (line: string) => void = console.log): Promise<void> {
  for (const t of demoTeachers) {
    const teacher = await createTeacher(db, { ...t, password: DEMO_PASSWORD });
    await seedDemoClasses(db, box, teacher.id, teacher.loginId);
    if (teacher.loginId === 'teacher01') await seedDemoHomework(db, teacher, log);
  }
}

/** Removes every row of every table (for `npm run seed -- --reset`). */
export async function resetAll(db: Db): Promise<void> {
  // Cascades through every table that references teachers; the status row goes back to normal.
  await db.execute(sql`truncate table teachers, system_status, rate_limits restart identity cascade`);
}
