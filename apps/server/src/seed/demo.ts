import { and, count, desc, eq, lte, ne, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { classes, homework, teachers } from '../db/schema/index.js';
import type { SecretBox } from '../lib/secret-box.js';
import { createTeacher } from '../modules/auth/service.js';
import { createClassroomResource, type LibraryMedia } from '../modules/library/index.js';
import {
  createRecitationResource,
  saveRecitationTranslation,
  setQuota,
  startRecitationDraft,
} from '../modules/free-recitation/index.js';
import { classroomDemo } from '../modules/library/material/classroom-demo.js';
import { seedDemoApplications } from './demo-applications.js';
import { seedDemoHomework } from './demo-homework.js';
import { seedDemoMessages } from './demo-messages.js';
import { seedDemoMotivation } from './demo-motivation.js';
import { seedDemoClasses } from './demo-students.js';
import { createStudentRecorder, type ReadingSpeech } from './recordings.js';
import { createDemoSubmitter, type HandInPlan, type SubmitterStats } from './submissions.js';
import { publishTerm, termMaterial } from './term.js';
import type { PreparationReporter } from '../lib/preparation.js';
import type { Storage } from '../lib/storage.js';
import type { RecorderStats } from './recordings.js';

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
      await seedFreeRecitation(db, teacher, media);
      await seedDemoApplications(db, { storage: media.storage, box }, teacher.id, new Date());
    }
  }
  await seedDemoMessages(db, new Date());
}

/**
 * teacher01's own reading material made with free recitation (docs/free-recitation.md), through
 * the calls' services: lines of the library read in the first voice, so the synthesis cache
 * already holds them; and a monthly quota set as an operator would.
 */
async function seedFreeRecitation(db: Db, teacher: { id: number }, media: LibraryMedia) {
  const lines = [
    ["Hello, I'm Ken.", 'こんにちは、ぼくはケンです。'],
    ["I'm nine years old.", 'ぼくは九才です。'],
    ['I like soccer.', 'ぼくはサッカーが好きです。'],
    ['I have a dog.', 'ぼくは犬をかっています。'],
    ['Nice to meet you.', 'はじめまして。'],
  ] as const;
  await setQuota(db, teacher.id, 30);
  await db.transaction(async (tx) => {
    const draft = await startRecitationDraft(tx, teacher, { category: 'read_sentence' });
    await saveRecitationTranslation(tx, teacher, { guid: draft.guid, translate: lines.map((l) => l[1]) });
    await createRecitationResource(
      tx,
      teacher,
      media,
      {
        guid: draft.guid,
        tone_type: 1,
        content: lines.map((l) => l[0]),
        category: 'read_sentence',
        need_template: 1,
        title: '自由音読：自己紹介（先生の教材）',
        grade: 3,
      },
      new Date(),
    );
  });
}

/** What the children's readings need: the speech workers, the storage of recordings, the caches. */
export interface DemoReadingDeps {
  speech: ReadingSpeech;
  storage: Storage;
  /** TTS_CACHE_DIR (recordings and their results are cached under children/); null: none. */
  cacheDir: string | null;
  /** evaluatorFingerprint(): cached results are reused only for the same evaluator. */
  evaluator?: string;
  /** The time the term ends at (now). */
  now?: Date;
  /** A first start's progress (homework handed in of all), read by system/preparation. */
  progress?: (teacherId: number) => PreparationReporter;
}

export interface HomeworkSeedReport {
  homework: number;
  submissions: SubmitterStats;
  recordings: RecorderStats;
  ms: number;
}

/** Reader profiles of the small demo: 6 voices/speeds/noise levels, each also slipping. */
export const SMALL_READERS = 6;

/**
 * teacher01's demo homework, made from the installed library through the homework services, and
 * a term of weekly homework before it; then the children hand them in through the real path
 * (seed/submissions.ts). It runs after the library install (at first start the install runs in
 * the background, so the server calls this when the install is done).
 */
export async function seedDemoHomeworkOfTeacher01(
  db: Db,
  deps: DemoReadingDeps,
  log: (line: string) => void = console.log,
): Promise<HomeworkSeedReport | null> {
  const started = performance.now();
  const now = deps.now ?? new Date();
  const [teacher] = await db.select().from(teachers).where(eq(teachers.loginId, 'teacher01'));
  if (!teacher) return null;
  const plans = await seedDemoHomework(db, teacher, log, now);
  if (plans.length === 0) return null;
  const classRows = await db
    .select({ id: classes.id })
    .from(classes)
    .where(eq(classes.teacherId, teacher.id))
    .orderBy(classes.sortOrder);
  // A term before the demo's recent homework: weeks 4–9 back, to every class.
  await publishTerm(
    db,
    teacher,
    classRows.map((c) => c.id),
    { now, weeks: 6, fromWeeksAgo: 4, material: await termMaterial(db) },
  );
  const handed = new Set(plans.flatMap((p) => p.homeworkIds));
  const rest = await db
    .select({ id: homework.id })
    .from(homework)
    .where(and(eq(homework.teacherId, teacher.id), lte(homework.startTime, now), ne(homework.type, 'wordtest')))
    .orderBy(desc(homework.startTime), desc(homework.id));
  // The demo's own homework first, then the term's newest first: the homework list's first rows
  // fill first (docs/first-start.md).
  const all: HandInPlan[] = [
    ...plans,
    ...rest.filter((r) => !handed.has(r.id)).map((r) => ({ homeworkIds: [r.id], share: null, until: now })),
  ];
  const recorder = createStudentRecorder({ speech: deps.speech, cacheDir: deps.cacheDir, evaluator: deps.evaluator });
  const submitter = createDemoSubmitter({ db, storage: deps.storage, recorder, readers: SMALL_READERS });
  const progress = deps.progress?.(teacher.id);
  await progress?.start(all.reduce((n, p) => n + p.homeworkIds.length, 0));
  for (const plan of all) {
    await submitter.handIn(plan);
    progress?.step(plan.homeworkIds.length);
  }
  await progress?.finish();
  await seedDemoMotivation(db, teacher, now);
  return {
    homework: rest.length,
    submissions: submitter.stats(),
    recordings: recorder.stats(),
    ms: Math.round(performance.now() - started),
  };
}

/** teacher01's id, whose demo homework a first start prepares (null without the demo). */
export async function demoTeacherId(db: Db): Promise<number | null> {
  const [teacher] = await db.select({ id: teachers.id }).from(teachers).where(eq(teachers.loginId, 'teacher01'));
  return teacher?.id ?? null;
}

/** Removes every row of every table (for `npm run seed -- --reset`). */
export async function resetAll(db: Db): Promise<void> {
  // Cascades through every table that references teachers (library resources too: classroom
  // material references them), so the library's install record goes as well and the next install
  // puts the headquarters material back (its audio from the synthesis cache); the status row
  // goes back to normal.
  await db.execute(
    sql`truncate table teachers, system_status, rate_limits, library_installs, system_notices restart identity cascade`,
  );
}
