import { randomUUID } from 'node:crypto';
import type { EvaluationCategory, PublishInput } from '@ondoku/contract';
import { eq, sql } from 'drizzle-orm';
import { evaluationResults, libraryResources, students } from '../db/schema/index.js';
import { publishHomework } from '../modules/homework/index.js';
import type { StoredContent } from '../modules/library/index.js';
import { issueStudentToken } from '../modules/learn/index.js';
import { buildClass, buildStudents, buildTeacher, type TeacherRef } from './factories.js';
import { fileSequence } from './file-sequence.js';
import type { TestApp } from './test-app.js';

/**
 * Factories for the students' side: a child's token, library material with known texts and
 * answers, homework of it for a class, and evaluation results as the socket stores them (the
 * socket's own storage lives in modules/evaluation; these rows have the same columns).
 */
type HasDb = Pick<TestApp, 'db'>;
type WithBox = Pick<TestApp, 'db' | 'secretBox'>;

export interface SignedInStudent {
  token: string;
  id: number;
  teacherId: number;
  loginId: string;
}

/** A child signed in (a student token issued as the sign-in calls do); `student` is the login id. */
export async function signInStudent(t: HasDb, student: string): Promise<SignedInStudent> {
  const [row] = await t.db
    .select()
    .from(students)
    .where(sql`lower(${students.loginId}) = ${student.toLowerCase()}`);
  if (!row) throw new Error(`signInStudent: no student ${student}`);
  return { token: await issueStudentToken(t.db, row.id), id: row.id, teacherId: row.teacherId, loginId: row.loginId };
}

const nextSeq = fileSequence();

export const sentenceTexts = ['I like apples.', 'She plays the piano.', 'We go to school.'];

/** Sentence reading with `sentenceTexts` (headquarters unless `teacher`). */
export async function buildSentenceResource(t: HasDb, opts: { teacher?: TeacherRef; texts?: string[] } = {}) {
  const texts = opts.texts ?? sentenceTexts;
  return insertResource(t, 'sentence_reading', opts.teacher, {
    full_text: null,
    items: texts.map((text, index) => ({
      index,
      screen_text: text,
      screen_text_translation: '訳',
      screen_pic: null,
      audio_file: null,
      note_homework: '先生へのメモ',
    })),
  });
}

/** Grammar choice: two questions, right answers 1 and 0. */
export async function buildChoiceResource(t: HasDb, opts: { teacher?: TeacherRef } = {}) {
  const q = (index: number, correct: number) => ({
    index,
    screen_text: `Question ${index + 1} __.`,
    screen_text_translation: '問題',
    screen_pic: null,
    audio_file: null,
    questions: [{ content: `Question ${index + 1} __.`, translation: '問題', audio_file: null }],
    answers: ['am', 'is', 'are'].map((content, i) => ({
      index: i,
      content,
      type: 'text' as const,
      correct: i === correct,
    })),
    note_homework: '先生へのメモ',
  });
  return insertResource(t, 'grammar_choice', opts.teacher, { full_text: null, items: [q(0, 1), q(1, 0)] });
}

export const articleText = 'Tom has a dog. The dog is big.';

/** An article read whole (one item, question 0). */
export async function buildArticleResource(t: HasDb) {
  return insertResource(t, 'article_reading', undefined, {
    full_text: {
      screen_text: articleText,
      audio_file: null,
      sentences: [
        { index: 0, text: 'Tom has a dog.', translation: 'トムは犬を飼っている。', start_ms: 0, end_ms: 1000 },
        { index: 1, text: 'The dog is big.', translation: 'その犬は大きい。', start_ms: 1000, end_ms: 2000 },
      ],
    },
    items: [{ index: 0, screen_text: articleText, screen_text_translation: '訳', screen_pic: null, audio_file: null }],
  });
}

async function insertResource(t: HasDb, type: string, teacher: TeacherRef | undefined, content: StoredContent) {
  const seq = nextSeq();
  const title = `学習教材${seq}`;
  const [row] = await t.db
    .insert(libraryResources)
    .values({
      key: `learn-test-${randomUUID()}`,
      originType: teacher ? 'classroom' : 'headquarters',
      teacherId: teacher?.id ?? null,
      type,
      title,
      grade: 5,
      itemCount: content.items.length,
      content,
      searchKey: title,
    })
    .returning();
  return row!;
}

/**
 * A routine homework of `resourceIds` for a new class of `teacher` with `students` children,
 * published through the service the call uses (at `now`, open for `days`).
 */
export async function buildLearnHomework(
  t: WithBox,
  opts: {
    teacher?: TeacherRef;
    students?: number;
    resourceIds: number[];
    now?: Date;
    days?: number;
    requiredTimes?: number | null;
    input?: Partial<PublishInput>;
  },
) {
  const teacher = opts.teacher ?? (await buildTeacher(t.db)).teacher;
  const now = opts.now ?? new Date();
  const klass = await buildClass(t, { teacher });
  const loginIds = await buildStudents(t, opts.students ?? 2, { teacher, classIds: [klass.id] });
  const input = {
    homework_type: 'routine',
    request_key: randomUUID(),
    title: 'こどもの宿題',
    team_ids: [klass.id],
    student_ids: [],
    publish_type: 'now',
    publish_time: null,
    end_time: new Date(now.getTime() + (opts.days ?? 7) * 86_400_000).toISOString(),
    required_times: opts.requiredTimes ?? null,
    resource_ids: opts.resourceIds,
    ...opts.input,
  } as PublishInput;
  const result = await t.db.transaction((tx) => publishHomework(tx, teacher, input, now));
  return { teacher, klass, loginIds, homeworkId: result.homework_ids[0]! };
}

/** An evaluation result as the socket stores it (text trimmed); returns its sid. */
export async function buildEvaluationResult(
  t: HasDb,
  opts: {
    studentId: number | null;
    teacherId?: number | null;
    text: string;
    category: EvaluationCategory;
    score?: number;
    createdAt?: Date;
    usedAt?: Date | null;
  },
) {
  const sid = `sid-${randomUUID()}`;
  const score = opts.score ?? 80;
  const words = opts.text
    .split(/\s+/)
    .filter(Boolean)
    .map((word, i) => ({ word, score, type: 'normal' as const, start_ms: i * 300, end_ms: i * 300 + 250 }));
  await t.db.insert(evaluationResults).values({
    sid,
    studentId: opts.studentId,
    teacherId: opts.teacherId ?? null,
    category: opts.category,
    text: opts.text.trim(),
    totalScore: score,
    accuracyScore: score - 2,
    fluencyScore: score - 4,
    integrityScore: 100,
    result: {
      total_score: score,
      accuracy_score: score - 2,
      fluency_score: score - 4,
      integrity_score: 100,
      words,
      evaluate_html: `<span class="good">${opts.text}</span>`,
      evaluate_text: opts.text,
    },
    durationMs: 1500,
    audioKey: `rec-${sid}.ogg`,
    audioType: 'audio/ogg',
    ...(opts.createdAt ? { createdAt: opts.createdAt } : {}),
    usedAt: opts.usedAt ?? null,
  });
  return sid;
}

/** Read a result back (used_at). */
export async function findEvaluationResult(t: HasDb, sid: string) {
  const [row] = await t.db.select().from(evaluationResults).where(eq(evaluationResults.sid, sid));
  return row;
}
