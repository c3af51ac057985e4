import { count, eq, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { teachers } from '../db/schema/index.js';
import type { SecretBox } from '../lib/secret-box.js';
import { createTeacher } from '../modules/auth/service.js';
import { createClassroomResource, type LibraryMedia } from '../modules/library/index.js';
import { classroomDemo } from '../modules/library/material/classroom-demo.js';
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

/**
 * Demo teachers with classes and students; teacher01 also gets the demo classroom material.
 * The demo homework follows once the library is installed (seedDemoHomeworkOfTeacher01).
 */
export async function seedDemo(db: Db, box: SecretBox, media: LibraryMedia): Promise<void> {
  for (const t of demoTeachers) {
    const teacher = await createTeacher(db, { ...t, password: DEMO_PASSWORD });
    await seedDemoClasses(db, box, teacher.id, teacher.loginId);
    if (t.loginId === 'teacher01') {
      for (const set of classroomDemo.sentenceSets) {
        const { title, grade, sentences } = set;
        await createClassroomResource(db, teacher, { type: 'sentence_reading', title, grade, sentences }, media);
      }
      for (const article of classroomDemo.articles) {
        const { title, grade, sentences, note } = article;
        await createClassroomResource(db, teacher, { type: 'article_reading', title, grade, sentences, note }, media);
      }
    }
  }
}

/**
 * teacher01's demo homework, made from the installed library through the homework services. It
 * runs after the library install (at first start the install runs in the background, so the
 * server calls this when the install is done).
 */
export async function seedDemoHomeworkOfTeacher01(db: Db, log: (line: string) => void = console.log): Promise<void> {
  const [teacher] = await db.select().from(teachers).where(eq(teachers.loginId, 'teacher01'));
  if (!teacher) return;
  await seedDemoHomework(db, teacher, log);
}

/** Removes every row of every table (for `npm run seed -- --reset`). */
export async function resetAll(db: Db): Promise<void> {
  // Cascades through every table that references teachers; the status row goes back to normal.
  await db.execute(sql`truncate table teachers, system_status, rate_limits restart identity cascade`);
}
