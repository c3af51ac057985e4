import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
// Through the package's entry, as every consumer: zod-setup.ts runs first.
import {
  allCalls,
  changeStudentInfo,
  createClass,
  emailField,
  getStudentPageRows,
  loginForm,
  loginSafe,
  messages,
  passwordField,
  searchStudent,
  studentIdField,
} from './index.js';

/**
 * Edges a teacher hit (docs/classes.md, "Edges"): the contract's messages are always ours (never
 * zod's own text), typed input is NFKC-normalised at the edge, and password and e-mail messages say
 * what is wrong.
 */

// zod's own messages, whatever the locale, end up here: a message equal to it leaked.
const LEAK = '«zod default message»';
beforeAll(() => z.config({ localeError: () => LEAK }));
afterAll(() => z.config(z.locales.ja()));

const messagesOf = (schema: z.ZodType, value: unknown) =>
  (schema.safeParse(value).error?.issues ?? []).map((i) => i.message);

const objectShape = (schema: z.ZodType): Record<string, z.ZodType> | null => {
  const def = (schema as { def?: { type?: string; shape?: Record<string, z.ZodType> } }).def;
  return def?.type === 'object' && def.shape ? def.shape : null;
};

describe('every call speaks Japanese of its own (edge 7)', () => {
  const inputs = (shape: Record<string, z.ZodType>) => {
    const keys = Object.keys(shape);
    const fill = (v: unknown) => Object.fromEntries(keys.map((k) => [k, v]));
    return [
      fill('あ'.repeat(5000)),
      fill('x'.repeat(100_000)),
      fill(''),
      fill(-5),
      fill(99_999_999_999),
      fill(['a']),
      fill(Array.from({ length: 10_000 }, () => 'abcd')),
      fill({ nested: true }),
      fill(null),
      {},
    ];
  };

  it('no over-long, too short, wrong-typed or missing field of any call answers with zod’s text', () => {
    const leaks: string[] = [];
    for (const call of allCalls) {
      const shape = objectShape(call.input);
      if (!shape) continue;
      for (const input of inputs(shape)) {
        const issues = call.input.safeParse(input).error?.issues ?? [];
        for (const issue of issues)
          if (issue.message === LEAK) leaks.push(`${call.path} ${issue.path.join('.')} ${issue.code}`);
      }
    }
    expect([...new Set(leaks)]).toEqual([]);
  });

  it('a 1,000-character search gets the spec’s over-length message', () => {
    expect(messagesOf(getStudentPageRows.input, { kw: 'あ'.repeat(1000) })).toEqual([messages.overLength]);
    expect(messagesOf(searchStudent.input, { kw: 'x'.repeat(1000) })).toEqual([messages.overLength]);
  });
});

describe('IME input is NFKC-normalised at the edge (edge 9)', () => {
  it('login ids: full-width letters and digits, full-width spaces around', () => {
    expect(loginSafe.input.parse({ username: '　ｔｅａｃｈｅｒ０１　', password: 'x' }).username).toBe('teacher01');
    expect(loginForm.parse({ username: 'ｔｅａｃｈｅｒ０１', password: 'x' }).username).toBe('teacher01');
    expect(studentIdField.parse('ｓ２０２６－０１')).toBe('s2026-01');
  });

  it('search words', () => {
    expect(getStudentPageRows.input.parse({ kw: 'ｻｸﾗ　' }).kw).toBe('サクラ');
    expect(searchStudent.input.parse({ kw: 'ＳＡＫＵＲＡ' }).kw).toBe('SAKURA');
  });

  it('names, furigana, 学年 and 組 are stored normalised: ４年 and 4年 are one grade', () => {
    const v = changeStudentInfo.input.parse({
      student_id: 's001',
      name: 'ﾔﾏﾀﾞ　ﾀﾛｳ',
      furigana: 'ﾔﾏﾀﾞ',
      grade_name: '４年',
      class_name: '１組',
    });
    expect(v).toMatchObject({ name: 'ヤマダ タロウ', furigana: 'ヤマダ', grade_name: '4年', class_name: '1組' });
    expect(createClass.input.parse({ name: '３年１組' }).name).toBe('3年1組');
  });
});

describe('password and e-mail messages say what is wrong (edges 10, 11)', () => {
  const letterDigit = 'パスワードは英字と数字を組み合わせてください。';
  it('length keeps the spec’s message; letters-and-digits has its own', () => {
    expect(messagesOf(passwordField, 'ab1')).toEqual([messages.passwordRule]);
    expect(messagesOf(passwordField, 'abc1'.repeat(6))).toEqual([messages.passwordRule]);
    expect(messagesOf(passwordField, 'abcdefgh')).toEqual([letterDigit]);
    expect(messagesOf(passwordField, '12345678')).toEqual([letterDigit]);
    expect(messagesOf(passwordField, 'pass1234')).toEqual([]);
    expect(messages.passwordLettersAndDigits).toBe(letterDigit);
  });

  it('an e-mail address with emoji gets the spec’s emoji message; a malformed one the invalid message', () => {
    expect(messagesOf(emailField, 'sensei😀@example.jp')).toEqual([messages.emojiNotAllowed]);
    for (const bad of ['a@b', 'a..b@example.jp', '.a@example.jp', 'a@example..jp', 'a b@example.jp', 'a@-x.jp'])
      expect(messagesOf(emailField, bad), bad).toEqual([messages.emailInvalid]);
    for (const good of ['sensei@example.jp', 'taro.yamada+ondoku@school.ed.jp', 'Ａ@example.jp'])
      expect(messagesOf(emailField, good), good).toEqual([]);
  });

  it('a password longer than the limit at sign-in gets the length message, not silence', () => {
    expect(messagesOf(loginForm, { username: 'teacher01', password: 'a1'.repeat(11) })).toEqual([
      messages.passwordRule,
    ]);
    expect(messagesOf(loginForm, { username: 'teacher01', password: 'pass1234' })).toEqual([]);
  });
});
