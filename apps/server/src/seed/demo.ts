import { count, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { teachers } from '../db/schema/index.js';
import type { SecretBox } from '../lib/secret-box.js';
import { createTeacher } from '../modules/auth/service.js';
import { createClassroomResource, type LibraryMedia } from '../modules/library/index.js';
import { classroomDemo } from '../modules/library/material/classroom-demo.js';
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

/** Demo teachers with classes and students; teacher01 also gets the demo classroom material. */
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

/** Removes every row of every table (for `npm run seed -- --reset`). */
export async function resetAll(db: Db): Promise<void> {
  // Cascades through every table that references teachers; the status row goes back to normal.
  await db.execute(sql`truncate table teachers, system_status, rate_limits restart identity cascade`);
}
