import { and, eq, inArray, lte, sql } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { homework, teachers } from '../db/schema/index.js';
import type { SecretBox } from '../lib/secret-box.js';
import { createTeacher } from '../modules/auth/service.js';
import { DEMO_PASSWORD, type DemoReadingDeps } from './demo.js';
import { createDemoClass, rng } from './demo-students.js';
import { createStudentRecorder, type RecorderStats } from './recordings.js';
import { createDemoSubmitter, type SubmitterStats } from './submissions.js';
import { publishTerm, termMaterial } from './term.js';

/**
 * The large demo sizes (docs/seed.md), on top of the small demo:
 *
 * - `school`: nine more teachers of さくら小学校 (sakura02–sakura10), three classes of 30 each
 *   (27 classes; with teacher01's three, 30), a term of 10 weekly homework per class, every
 *   submission through the real path (recordings scored by the evaluator, stored as the socket
 *   stores them, submitted with submitTopicAs). A pool of 8 reader profiles: a recording of one
 *   text by one profile is made and scored once and heard from every child of that profile.
 * - `region`: 20 schools (region01–region20), 10 classes of 30 each (6,000 children), 15 weekly
 *   homework per class (3,000). One class of region01 hands its term in through the real path;
 *   every other class copies those evaluated readings child by child (same week, same material,
 *   the n-th child of the class as the template's n-th child), in one INSERT … SELECT per table
 *   and school — results, attempts, answers, topic progress and hand-in times.
 */
export type SeedSize = 'small' | 'school' | 'region';
export const seedSizes: readonly SeedSize[] = ['small', 'school', 'region'];

export interface LargeSeedReport {
  teachers: number;
  classes: number;
  students: number;
  homework: number;
  /** Through the real path. */
  submissions: SubmitterStats;
  recordings: RecorderStats;
  /** Copied from the evaluated template (region). */
  copied: { attempts: number; answers: number; results: number };
  ms: Record<string, number>;
}

export interface SchoolShape {
  prefix: string;
  school: (n: number) => string;
  teachers: number;
  firstTeacher: number;
  classesPer: number;
  studentsPer: number;
  weeks: number;
  readers: number;
  /** Tries asked for each topic of a week's homework. */
  requiredTimes?: (week: number) => number | null;
}

const shapes: Record<'school' | 'region', SchoolShape> = {
  school: {
    prefix: 'sakura',
    school: () => 'さくら小学校',
    teachers: 9,
    firstTeacher: 2,
    classesPer: 3,
    studentsPer: 30,
    weeks: 10,
    readers: 8,
  },
  region: {
    prefix: 'region',
    school: (n) => `第${n}小学校`,
    teachers: 20,
    firstTeacher: 1,
    classesPer: 10,
    studentsPer: 30,
    weeks: 15,
    readers: 8,
    // Two tries of every topic (the benchmarks' 1.5 M answers: ≈ 10 items a week × 15 weeks × 2
    // tries, one more now and then, × the children who hand in).
    requiredTimes: () => 2,
  },
};

const pad = (n: number) => String(n).padStart(2, '0');

export async function seedLarge(
  db: Db,
  box: SecretBox,
  deps: DemoReadingDeps,
  size: 'school' | 'region',
  log: (line: string) => void = console.log,
  /** Smaller shapes for tests. */
  override: Partial<SchoolShape> = {},
): Promise<LargeSeedReport> {
  const shape = { ...shapes[size], ...override };
  const now = deps.now ?? new Date();
  const ms: Record<string, number> = {};
  let t0 = performance.now();
  const lap = (name: string) => {
    const t = performance.now();
    ms[name] = Math.round(t - t0);
    t0 = t;
    log(`${name}: ${ms[name]} ms`);
  };

  // Teachers, classes and children through the services the calls use.
  const made: { teacher: { id: number; loginId: string }; classIds: number[] }[] = [];
  let students = 0;
  for (let i = 0; i < shape.teachers; i++) {
    const n = shape.firstTeacher + i;
    const loginId = `${shape.prefix}${pad(n)}`;
    const teacher = await createTeacher(db, {
      loginId,
      email: `${loginId}@example.com`,
      nickname: `${shape.prefix === 'sakura' ? 'さくら' : '地域'} 先生${n}`,
      school: shape.school(n),
      password: DEMO_PASSWORD,
      showLive: false,
    });
    const random = rng(7919 * n + 17);
    const classIds: number[] = [];
    for (let c = 0; c < shape.classesPer; c++) {
      const grade = 3 + ((c + i) % 4);
      const kumi = 1 + Math.floor(c / 4);
      classIds.push(
        await createDemoClass(
          db,
          box,
          teacher.id,
          {
            name: `${grade}年${kumi}組${shape.classesPer > 4 ? `（${c + 1}）` : ''}`,
            grade: `${grade}年`,
            kumi: `${kumi}組`,
            size: shape.studentsPer,
            prefix: `${loginId}-${pad(c + 1)}`,
          },
          random,
        ),
      );
      students += shape.studentsPer;
    }
    made.push({ teacher, classIds });
  }
  lap('teachers, classes and children');

  // A term of weekly homework; every class of the size reads the same material in a week.
  const material = await termMaterial(db);
  let homeworkCount = 0;
  for (const m of made) {
    homeworkCount += (
      await publishTerm(db, m.teacher, m.classIds, {
        now,
        weeks: shape.weeks,
        fromWeeksAgo: 1,
        material,
        requiredTimes: shape.requiredTimes,
      })
    ).length;
  }
  lap('homework');

  const recorder = createStudentRecorder({ speech: deps.speech, cacheDir: deps.cacheDir, evaluator: deps.evaluator });
  const submitter = createDemoSubmitter({ db, storage: deps.storage, recorder, readers: shape.readers, log });
  const copied = { attempts: 0, answers: 0, results: 0 };
  if (size === 'school') {
    const ids = await homeworkOf(
      db,
      made.map((m) => m.teacher.id),
      now,
    );
    await submitter.handIn({ homeworkIds: ids, share: null, until: now });
    lap('submissions (real path)');
  } else {
    const template = made[0]!.classIds[0]!;
    const ids = (
      await db
        .select({ id: homework.id })
        .from(homework)
        .where(and(eq(homework.classId, template), lte(homework.startTime, now)))
    ).map((r) => r.id);
    await submitter.handIn({ homeworkIds: ids, share: null, until: now });
    lap('template class submissions (real path)');
    for (const m of made) {
      const c = await copyTemplate(db, template, m.teacher.id);
      copied.attempts += c.attempts;
      copied.answers += c.answers;
      copied.results += c.results;
      log(`copied to ${m.teacher.loginId}: ${c.attempts} attempts, ${c.answers} answers`);
    }
    lap('copies of the template');
    await db.execute(sql`analyze`);
    lap('analyze');
  }
  return {
    teachers: made.length,
    classes: made.reduce((n, m) => n + m.classIds.length, 0),
    students,
    homework: homeworkCount,
    submissions: submitter.stats(),
    recordings: recorder.stats(),
    copied,
    ms,
  };
}

async function homeworkOf(db: Db, teacherIds: number[], now: Date): Promise<number[]> {
  const rows = await db
    .select({ id: homework.id })
    .from(homework)
    .where(and(inArray(homework.teacherId, teacherIds), lte(homework.startTime, now)));
  return rows.map((r) => r.id);
}

/**
 * Copies the template class's evaluated hand-ins to every other class of `teacherId`: the same
 * week's homework (same title and start), topic by position, the n-th child (by number) as the
 * template's n-th child. One transaction per teacher; ids come from the tables' sequences.
 */
async function copyTemplate(db: Db, templateClass: number, teacherId: number) {
  return db.transaction(async (tx) => {
    await tx.execute(sql`create temp table hw_map on commit drop as
      select src.id as src_hw, dst.id as dst_hw, dst.class_id as dst_class
      from homework src
      join homework dst on dst.title = src.title and dst.start_time = src.start_time
        and dst.teacher_id = ${teacherId} and dst.class_id <> ${templateClass}
      where src.class_id = ${templateClass}`);
    await tx.execute(sql`create temp table topic_map on commit drop as
      select m.*, t1.id as src_topic, t2.id as dst_topic
      from hw_map m
      join homework_topics t1 on t1.homework_id = m.src_hw
      join homework_topics t2 on t2.homework_id = m.dst_hw and t2.position = t1.position`);
    await tx.execute(sql`create temp table child_map on commit drop as
      with s as (
        select cs.student_id, row_number() over (order by st.number::int, st.id) as n
        from class_students cs join students st on st.id = cs.student_id
        where cs.class_id = ${templateClass}),
      d as (
        select cs.class_id, cs.student_id, row_number() over (partition by cs.class_id order by st.number::int, st.id) as n
        from class_students cs join students st on st.id = cs.student_id
        where cs.class_id in (select distinct dst_class from hw_map))
      select s.student_id as src_student, d.student_id as dst_student, d.class_id as dst_class
      from s join d using (n)`);
    await tx.execute(sql`create temp table att_map on commit drop as
      select a.id as src_attempt, nextval(pg_get_serial_sequence('attempts', 'id'))::int as dst_attempt,
        cm.dst_student, tm.dst_topic, tm.dst_hw,
        -- Each child a little earlier or later than the template child (within the homework's time).
        ((cm.dst_student * 7919) % 7200 - 3600) * interval '1 second' as shift
      from attempts a
      join topic_map tm on tm.src_topic = a.topic_id
      join child_map cm on cm.src_student = a.student_id and cm.dst_class = tm.dst_class`);
    await tx.execute(sql`create index on att_map (src_attempt)`);
    const attempts = await tx.execute(sql`insert into attempts (id, student_id, teacher_id, homework_id, topic_id,
        resource_id, type, score, accuracy_score, fluency_score, integrity_score, correct_count, choice_count,
        question_count, duration_ms, created_at)
      select m.dst_attempt, m.dst_student, ${teacherId}, m.dst_hw, m.dst_topic, a.resource_id, a.type, a.score,
        a.accuracy_score, a.fluency_score, a.integrity_score, a.correct_count, a.choice_count, a.question_count,
        a.duration_ms, least(greatest(a.created_at + m.shift, h.start_time + interval '1 minute'), h.end_time - interval '1 minute')
      from att_map m join attempts a on a.id = m.src_attempt join homework h on h.id = m.dst_hw`);
    const results = await tx.execute(sql`insert into evaluation_results (sid, student_id, category, text,
        total_score, accuracy_score, fluency_score, integrity_score, result, duration_ms, audio_key, audio_type,
        created_at, used_at)
      select 'ev' || substr(md5(r.sid || ':' || m.dst_attempt), 1, 16), m.dst_student, r.category, r.text,
        r.total_score, r.accuracy_score, r.fluency_score, r.integrity_score, r.result, r.duration_ms, r.audio_key,
        r.audio_type, least(greatest(r.created_at + m.shift, h.start_time), h.end_time - interval '2 minutes'),
        least(greatest(r.used_at + m.shift, h.start_time + interval '1 minute'), h.end_time - interval '1 minute')
      from att_map m
      join attempt_answers aa on aa.attempt_id = m.src_attempt
      join evaluation_results r on r.sid = aa.sid
      join homework h on h.id = m.dst_hw`);
    const answers = await tx.execute(sql`insert into attempt_answers (attempt_id, question_id, sid, answer, correct,
        score, accuracy_score, fluency_score, integrity_score, evaluate_html, words, duration_ms, audio_key, audio_type)
      select m.dst_attempt, aa.question_id,
        case when aa.sid is null then null else 'ev' || substr(md5(aa.sid || ':' || m.dst_attempt), 1, 16) end,
        aa.answer, aa.correct, aa.score, aa.accuracy_score, aa.fluency_score, aa.integrity_score, aa.evaluate_html,
        aa.words, aa.duration_ms, aa.audio_key, aa.audio_type
      from att_map m join attempt_answers aa on aa.attempt_id = m.src_attempt`);
    await tx.execute(sql`insert into topic_progress (topic_id, student_id, homework_id, practice_count, best_score,
        last_score, best_attempt_id, duration_ms, first_at, last_at)
      select tm.dst_topic, cm.dst_student, tm.dst_hw, p.practice_count, p.best_score, p.last_score, bm.dst_attempt,
        p.duration_ms, p.first_at, p.last_at
      from topic_progress p
      join topic_map tm on tm.src_topic = p.topic_id
      join child_map cm on cm.src_student = p.student_id and cm.dst_class = tm.dst_class
      left join att_map bm on bm.src_attempt = p.best_attempt_id and bm.dst_student = cm.dst_student`);
    await tx.execute(sql`update homework_recipients r set submitted_at = s.submitted_at, completed_at = s.completed_at
      from homework_recipients s
      join hw_map hm on hm.src_hw = s.homework_id
      join child_map cm on cm.src_student = s.student_id and cm.dst_class = hm.dst_class
      where s.submitted_at is not null and r.homework_id = hm.dst_hw and r.student_id = cm.dst_student`);
    return { attempts: attempts.rowCount ?? 0, answers: answers.rowCount ?? 0, results: results.rowCount ?? 0 };
  });
}

/** Whether a size's teachers exist already (a second run refuses instead of doubling them). */
export async function largeSeedPresent(db: Db, size: 'school' | 'region'): Promise<boolean> {
  const shape = shapes[size];
  const [row] = await db
    .select({ id: teachers.id })
    .from(teachers)
    .where(eq(teachers.loginId, `${shape.prefix}${pad(shape.firstTeacher)}`));
  return !!row;
}
