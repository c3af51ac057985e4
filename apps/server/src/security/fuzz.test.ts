import {
  allCalls,
  getHealth,
  getLearnStudentInfo,
  getTeacherInfo,
  logout,
  needsStudent,
  studentLogout,
  type CallDef,
} from '@ondoku/contract';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { buildClass, buildStudents, teacherWithToken } from '../test/factories.js';
import { signInStudent } from '../test/learn-factories.js';
import { multipart } from '../test/multipart.js';
import { buildTestApp, type TestApp } from '../test/test-app.js';

/**
 * Schema-aware fuzz of every call in the contract's `allCalls` (docs/security.md, "Security
 * tests"): for each call, without a token and with a valid teacher's token, a plausible input
 * built from the call's schema is sent with one field at a time replaced by a hostile value
 * (wrong types, huge strings, control characters, odd numbers, nested objects), and the whole
 * body by wrong shapes, wrong content types, broken JSON and no body. No reply may be 5xx, and
 * the server must still answer its health check afterwards. Deterministic: no randomness.
 */
let t: TestApp;
let token: string;
/** A child's token: the students' side calls are fuzzed signed in as a child too. */
let studentToken: string;
let classId = 1;
beforeAll(async () => {
  t = await buildTestApp();
  const me = await teacherWithToken(t);
  token = me.token;
  classId = (await buildClass(t, { teacher: me.teacher })).id;
  const [kid] = await buildStudents(t, 3, { teacher: me.teacher, classIds: [classId] });
  studentToken = (await signInStudent(t, kid!)).token;
});
afterAll(() => t.close());

type Json = z.core.JSONSchema.JSONSchema;

/** A value the field's JSON schema would likely accept (ids point at the teacher's class). */
function plausible(s: Json | boolean | undefined, key = ''): unknown {
  if (!s || typeof s === 'boolean') return 'a';
  if (s.default !== undefined) return s.default;
  if (s.enum?.length) return s.enum[0];
  if (s.const !== undefined) return s.const;
  const alt = s.anyOf ?? s.oneOf;
  if (alt?.length) return plausible(alt[0] as Json, key);
  if (s.allOf?.length) return plausible(s.allOf[0] as Json, key);
  const type = Array.isArray(s.type) ? s.type[0] : s.type;
  switch (type) {
    case 'integer':
    case 'number':
      return /id$/.test(key) ? classId : Math.max(1, Number(s.minimum ?? 1));
    case 'boolean':
      return true;
    case 'array':
      return [plausible(s.items as Json, key)];
    case 'object':
      return Object.fromEntries(Object.entries(s.properties ?? {}).map(([k, v]) => [k, plausible(v as Json, k)]));
    case 'null':
      return null;
    default:
      return /mail/.test(key) ? 'fuzz@example.com' : 'a'.repeat(Math.max(1, Number(s.minLength ?? 1)));
  }
}

const hostile: unknown[] = [
  null,
  true,
  0,
  -1,
  1.5,
  2 ** 31,
  Number.MAX_SAFE_INTEGER,
  1e308,
  '',
  ' ',
  'abc',
  '-1',
  'NaN',
  '9'.repeat(40),
  'x'.repeat(100_000),
  'あ'.repeat(5_000),
  '\u0000',
  'a\u0000b',
  '\u0007\u001b[31m',
  '\ud800',
  '🍣'.repeat(50),
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  [],
  [1, 2, 3],
  ['a', null],
  {},
  { $gt: '' },
  { __proto__: { polluted: true } },
];

const bodyShapes: { payload: string | Buffer; type?: string }[] = [
  { payload: '' },
  { payload: '{', type: 'application/json' },
  { payload: 'null', type: 'application/json' },
  { payload: '[]', type: 'application/json' },
  { payload: '"text"', type: 'application/json' },
  { payload: '1', type: 'application/json' },
  { payload: '{"a":'.repeat(5_000), type: 'application/json' },
  { payload: JSON.stringify({ x: 'y'.repeat(2 * 1024 * 1024) }), type: 'application/json' },
  { payload: 'a=1&b=2', type: 'application/x-www-form-urlencoded' },
  { payload: 'plain text', type: 'text/plain' },
  { payload: Buffer.from([0, 1, 2, 255]), type: 'application/octet-stream' },
  { payload: '--x\r\n\r\n', type: 'multipart/form-data; boundary=x' },
  { payload: '{}', type: 'multipart/form-data' },
];

const toQuery = (input: Record<string, unknown>) => {
  const p = new URLSearchParams();
  for (const [k, v] of Object.entries(input)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const x of v) p.append(k, typeof x === 'object' ? JSON.stringify(x) : String(x));
    else p.set(k, typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v));
  }
  return p.toString();
};

let requests = 0;
const byStatus = new Map<number, number>();
const failures: string[] = [];

async function send(
  c: CallDef,
  auth: string | null,
  opts: { input?: Record<string, unknown>; raw?: { payload: string | Buffer; type?: string }; query?: string },
) {
  const headers: Record<string, string> = auth ? { authorization: `Bearer ${auth}` } : {};
  let res: LightMyRequestResponse;
  if (c.method === 'GET') {
    const q = opts.query ?? toQuery(opts.input ?? {});
    res = await t.app.inject({ method: 'GET', url: `${c.path}${q ? `?${q}` : ''}`, headers });
  } else if (opts.raw) {
    if (opts.raw.type) headers['content-type'] = opts.raw.type;
    res = await t.app.inject({ method: 'POST', url: c.path, payload: opts.raw.payload, headers });
  } else if (c.kind === 'upload') {
    const fields = Object.fromEntries(
      Object.entries(opts.input ?? {})
        .filter(([k]) => k !== 'file')
        .map(([k, v]) => [k, typeof v === 'string' ? v : (JSON.stringify(v) ?? '')]),
    );
    const mp = multipart(fields, { name: 'fuzz.csv', data: Buffer.from('生徒ID,氏名\r\nfuzz-0001,\u0000\r\n') });
    res = await t.app.inject({
      method: 'POST',
      url: c.path,
      payload: mp.payload,
      headers: { ...headers, ...mp.headers },
    });
  } else {
    res = await t.app.inject({
      method: 'POST',
      url: c.path,
      payload: JSON.stringify(opts.input ?? {}),
      headers: { ...headers, 'content-type': 'application/json' },
    });
  }
  requests++;
  byStatus.set(res.statusCode, (byStatus.get(res.statusCode) ?? 0) + 1);
  if (res.statusCode >= 500)
    failures.push(`${res.statusCode} ${c.method} ${c.path} auth=${!!auth} ${JSON.stringify(opts).slice(0, 200)}`);
  return res.statusCode;
}

async function fuzzCall(c: CallDef, auth: string | null) {
  let schema: Json;
  try {
    schema = z.toJSONSchema(c.input, { io: 'input', unrepresentable: 'any' }) as Json;
  } catch {
    schema = { type: 'object', properties: {} };
  }
  const base = (plausible(schema) ?? {}) as Record<string, unknown>;
  const fields = [...Object.keys(schema.properties ?? {}), 'unknown_field'];
  // Without a token, a call that needs one answers 401 before it reads its input: the hostile
  // values then go into one field only (a JSON body is parsed before the token is checked, so the
  // parser still meets every one); the broken bodies and queries below still go to every call.
  const refused = (await send(c, auth, { input: base })) === 401 && auth === null;
  const keys = refused ? ['unknown_field'] : fields;
  for (const key of keys) {
    for (let i = 0; i < hostile.length; i += 8) {
      await Promise.all(hostile.slice(i, i + 8).map((v) => send(c, auth, { input: { ...base, [key]: v } })));
    }
    await send(c, auth, { input: Object.fromEntries(Object.entries(base).filter(([k]) => k !== key)) });
  }
  if (c.method === 'GET') {
    await Promise.all(
      [
        'a[b]=1',
        'a=1&a=2&a=3',
        `x=${'%'.repeat(50)}`,
        `q=${'a'.repeat(60_000)}`,
        '%00=%00',
        fields.map((k) => `${k}[]=1`).join('&'),
      ].map((query) => send(c, auth, { query })),
    );
  } else {
    await Promise.all(bodyShapes.map((raw) => send(c, auth, { raw })));
  }
}

// The evaluation socket's frames are not a JSON call; its upgrade path is fuzzed like any GET.
const calls = allCalls.filter((c) => c !== logout && c !== studentLogout);

// One test per call (each with its own time limit, naming the call that failed); the tokens are
// checked and sign-out fuzzed last.
describe('fuzz of every contract call: never 5xx, with or without a teacher or child token', () => {
  const started = Date.now();
  for (const c of calls) {
    it(`${c.method} ${c.path}`, async () => {
      const before = failures.length;
      for (const auth of [null, token]) await fuzzCall(c, auth);
      // The students' side, signed in as a child (every other call answers a child's token 401).
      if (needsStudent(c)) await fuzzCall(c, studentToken);
      expect(failures.slice(before, before + 20)).toEqual([]);
    }, 60_000);
  }

  it('the tokens survived every call, sign-out is fuzzed last, and the server stays healthy', async () => {
    const info = await t.app.inject({ url: getTeacherInfo.path, headers: { authorization: `Bearer ${token}` } });
    expect(info.statusCode).toBe(200);
    const student = await t.app.inject({
      url: getLearnStudentInfo.path,
      headers: { authorization: `Bearer ${studentToken}` },
    });
    expect(student.statusCode).toBe(200);
    // Last: sign-out (it revokes the tokens the passes above used).
    await fuzzCall(logout, null);
    await fuzzCall(logout, token);
    await fuzzCall(studentLogout, null);
    await fuzzCall(studentLogout, studentToken);
    const health = await t.app.inject({ url: getHealth.path });
    const statuses = [...byStatus].sort(([a], [b]) => a - b).map(([s, n]) => `${s}×${n}`);
    console.log(
      `fuzz: ${allCalls.length} calls, ${requests} requests, ${failures.length} answered 5xx, ${((Date.now() - started) / 1000).toFixed(1)} s; statuses ${statuses.join(' ')}`,
    );
    if (failures.length) console.log(failures.slice(0, 40).join('\n'));
    expect(failures.slice(0, 20)).toEqual([]);
    expect(health.statusCode).toBe(200);
    expect(health.json().data).toMatchObject({ status: 'ok', database: 'ready' });
  }, 60_000);
});
