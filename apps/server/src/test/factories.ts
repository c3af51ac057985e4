import { eq } from 'drizzle-orm';
import type { Db } from '../db/client.js';
import { authTokens } from '../db/schema/index.js';
import { hashSecret } from '../lib/secrets.js';
import { createTeacher, type NewTeacher } from '../modules/auth/service.js';
import { createClass } from '../modules/classes/index.js';
import { createStudents } from '../modules/students/index.js';
import { fileSequence } from './file-sequence.js';
import type { TestApp } from './test-app.js';

/**
 * Factories that create their parents: a class without a teacher gets a new teacher, a student
 * without a teacher or class gets a new class (and its teacher). Everything goes through the
 * services the calls use. (buildHomework will follow the same shape: `{ teacher?, classes? }`.)
 */
type HasDb = Pick<TestApp, 'db'>;
type WithBox = Pick<TestApp, 'db' | 'secretBox'>;
/** A teacher as factories take it: a row or anything with its id. */
export type TeacherRef = { id: number };

const nextTeacher = fileSequence();
let seq = 0;
const unique = () => `${Date.now().toString(36)}${(seq = nextTeacher())}`;

/** A teacher with unique ids; override any field. */
export async function buildTeacher(db: Db, overrides: Partial<NewTeacher> = {}) {
  const n = unique();
  const password = overrides.password ?? 'pass1234';
  const teacher = await createTeacher(db, {
    loginId: `t${n}`,
    email: `t${n}@example.com`,
    nickname: `先生${seq}`,
    school: 'テスト小学校',
    ...overrides,
    password,
  });
  return { teacher, password };
}

/** Sign in through the API, as the web app does; returns the bearer token. */
export async function signIn(t: TestApp, username: string, password: string): Promise<string> {
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/v2/teacher/login-safe',
    payload: { username, password: t.encrypt(password), app_name: 'test', client_name: 'test' },
  });
  const body = res.json();
  if (body.errcode !== 0) throw new Error(`sign-in failed: ${body.errmsg}`);
  return body.data.token as string;
}

/** A teacher signed in through the API: the row, the token, and the authorization header. */
export async function teacherWithToken(t: TestApp, overrides: Partial<NewTeacher> = {}) {
  const { teacher, password } = await buildTeacher(t.db, overrides);
  const token = await signIn(t, teacher.loginId, password);
  const [row] = await t.db
    .select({ id: authTokens.id })
    .from(authTokens)
    .where(eq(authTokens.tokenHash, hashSecret(token)));
  /** The session's `auth_tokens` id (what `ActingTeacher.tokenId` holds for it). */
  const tokenId = row!.id;
  return { teacher, token, tokenId, auth: { authorization: `Bearer ${token}` } };
}
export type SignedInTeacher = Awaited<ReturnType<typeof teacherWithToken>>;

const teacherOf = async (t: HasDb, teacher?: TeacherRef) => teacher ?? (await buildTeacher(t.db)).teacher;

const nextClass = fileSequence();
/** A class (of a new teacher unless `teacher` is given), through the service the calls use. */
export async function buildClass(t: HasDb, opts: { teacher?: TeacherRef; name?: string; allowJoin?: number } = {}) {
  const classSeq = nextClass();
  const teacher = await teacherOf(t, opts.teacher);
  return createClass(t.db, teacher.id, { name: opts.name ?? `${classSeq}組`, allowJoin: opts.allowJoin });
}

const nextStudent = fileSequence();
/**
 * Students, through the service the imports use; returns their login ids. With `teacher` they
 * are that teacher's (in `classIds`, or in no class); without one, they go into `classIds`' or a
 * new class's teacher — a new class (and teacher) is made when neither is given.
 */
export async function buildStudents(
  t: WithBox,
  count: number,
  opts: { teacher?: TeacherRef; classIds?: number[]; prefix?: string } = {},
) {
  let teacherId = opts.teacher?.id;
  let classIds = opts.classIds ?? [];
  if (teacherId === undefined) {
    const c = await buildClass(t);
    teacherId = c.teacherId;
    if (classIds.length) throw new Error('buildStudents: give the teacher of classIds');
    classIds = [c.id];
  }
  const list = Array.from({ length: count }, () => {
    const studentSeq = nextStudent();
    return {
      loginId: `${opts.prefix ?? 's'}${Date.now().toString(36)}${studentSeq}`,
      name: `生徒 ${studentSeq}`,
      furigana: `せいと ${studentSeq}`,
      gradeName: '3年',
      kumi: '1組',
      number: String(studentSeq % 40 || 40),
      classIds,
    };
  });
  await t.db.transaction((tx) => createStudents(tx, t.secretBox, teacherId, list));
  return list.map((s) => s.loginId);
}

/** One student (see buildStudents); returns the login id. */
export const buildStudent = async (t: WithBox, opts: { teacher?: TeacherRef; classIds?: number[] } = {}) =>
  (await buildStudents(t, 1, opts))[0]!;
