import type { Db } from '../db/client.js';
import { createTeacher, type NewTeacher } from '../modules/auth/service.js';
import { createClass } from '../modules/classes/service.js';
import { createStudents } from '../modules/students/service.js';
import type { TestApp } from './test-app.js';

let seq = 0;

/** A teacher with unique ids; override any field. */
export async function buildTeacher(db: Db, overrides: Partial<NewTeacher> = {}) {
  seq += 1;
  const n = `${Date.now().toString(36)}${seq}`;
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

export async function teacherWithToken(t: TestApp, overrides: Partial<NewTeacher> = {}) {
  const { teacher, password } = await buildTeacher(t.db, overrides);
  const token = await signIn(t, teacher.loginId, password);
  return { teacher, token, auth: { authorization: `Bearer ${token}` } };
}

let classSeq = 0;
/** A class of the teacher, through the same service the calls use. */
export async function buildClass(db: Db, teacherId: number, overrides: { name?: string; allowJoin?: number } = {}) {
  classSeq += 1;
  return createClass(db, teacherId, { name: overrides.name ?? `${classSeq}組`, allowJoin: overrides.allowJoin });
}

let studentSeq = 0;
/** Students of the teacher (in the given classes), through the service the imports use. */
export async function buildStudents(
  t: Pick<TestApp, 'db' | 'secretBox'>,
  teacherId: number,
  count: number,
  opts: { classIds?: number[]; prefix?: string } = {},
) {
  const list = Array.from({ length: count }, () => {
    studentSeq += 1;
    return {
      loginId: `${opts.prefix ?? 's'}${Date.now().toString(36)}${studentSeq}`,
      name: `生徒 ${studentSeq}`,
      furigana: `せいと ${studentSeq}`,
      gradeName: '3年',
      className: '1組',
      number: String(studentSeq % 40 || 40),
      classIds: opts.classIds ?? [],
    };
  });
  await createStudents(t.db, t.secretBox, teacherId, list);
  return list.map((s) => s.loginId);
}

export const buildStudent = async (t: Pick<TestApp, 'db' | 'secretBox'>, teacherId: number, classIds: number[] = []) =>
  (await buildStudents(t, teacherId, 1, { classIds }))[0]!;
