import { z } from 'zod';
import { limits } from './limits.js';
import { messages } from './messages.js';

/**
 * The product specification's validation rules, written once: the server validates requests with them and the
 * web forms validate with the same schemas (apps/web lib/form.ts zodRule).
 */

/** Characters as a person counts them (code points, so an emoji or a rare kanji counts once). */
export const charLength = (s: string) => [...s].length;

export const isBlank = (s: string | null | undefined) => (s ?? '').trim().length === 0;

/**
 * Emoji, defined by Unicode properties rather than a list: pictographs, characters shown as
 * emoji by default, skin-tone modifiers, flags (regional indicators), keycaps, the emoji
 * variation selector, zero-width joiners of emoji sequences and tag characters.
 */
// The combining marks (keycap, variation selector, joiner) stand outside the class: inside one
// they read as joined to their neighbour (eslint no-misleading-character-class).
const EMOJI =
  /[\p{Extended_Pictographic}\p{Emoji_Presentation}\p{Emoji_Modifier}\p{Regional_Indicator}\u{E0020}-\u{E007F}]|\u{20E3}|\u{FE0F}|\u{200D}/u;
export const containsEmoji = (s: string) => EMOJI.test(s);

/**
 * E-mail addresses: zod's own `z.email()` pattern (kept by zod, the library every call already
 * uses; no second validator in the browser bundle): a dot-atom local part without leading,
 * trailing or doubled dots, a domain of hostname labels and a TLD of two letters or more; at most
 * 254 characters (RFC 5321). docs/classes.md "Edges" says why not the `validator` package.
 */
const EMAIL = z.email();
export const isEmail = (s: string) => s.length <= 254 && EMAIL.safeParse(s).success;

/** 6–20 half-width characters, at least one letter and one digit. */
const PASSWORD = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7E]{6,20}$/;
export const isValidPassword = (s: string) => PASSWORD.test(s);

/** What is wrong with a password, as the message to show (null: nothing). Length first (the spec's message). */
export function passwordProblem(s: string): string | null {
  const n = charLength(s);
  if (n < limits.password.min || n > limits.password.max) return messages.passwordRule;
  if (!/^[\x21-\x7E]+$/.test(s)) return messages.passwordHalfWidth;
  if (!/[A-Za-z]/.test(s) || !/\d/.test(s)) return messages.passwordLettersAndDigits;
  return null;
}

/**
 * Text as typed through a Japanese IME, NFKC-normalised (docs/classes.md, "Edges": IME input):
 * full-width letters, digits and spaces become half-width, half-width kana full-width, so '４年'
 * and '4年' are one grade and 'ｔｅａｃｈｅｒ０１' signs in as teacher01. Applied to names, 学年/組,
 * login ids and search words — never to passwords, nor to homework titles (NFKC would turn the
 * forbidden ￥ into ¥).
 */
export const nfkc = (s: string) => s.normalize('NFKC');
export const normalizedString = (params?: Parameters<typeof z.string>[0]) => z.string(params).transform(nfkc);

/** Characters a homework title may not contain (the product specification's list). */
export const HOMEWORK_TITLE_FORBIDDEN = ['￥', ':', '*', '?', '\\', '"', '<', '>', '|'] as const;
export const hasForbiddenTitleChar = (s: string) => HOMEWORK_TITLE_FORBIDDEN.some((c) => s.includes(c));

/** A required text field where whitespace-only counts as empty; the value is kept trimmed. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/** requiredText, NFKC-normalised first (names, 学年/組, login ids). */
export const requiredNormalizedText = (message: string) =>
  normalizedString({ error: message }).pipe(z.string().trim().min(1, { error: message }));

/** An optional search word: NFKC-normalised, trimmed, at most `max` characters (字数制限を超えています). */
export const searchWordField = (max = 100) => normalizedString().pipe(z.string().trim()).pipe(maxChars(max));

/** A required secret (password): whitespace-only counts as empty, but the value is not changed. */
export const requiredSecret = (message: string) =>
  z.string({ error: message }).refine((s) => s.trim().length > 0, { error: message });

/** Text with a maximum length; over it, the spec's toast message 字数制限を超えています. */
export const maxChars = (max: number) => z.string().refine((s) => charLength(s) <= max, { error: messages.overLength });

/** Free text a teacher types (names, school, titles): no emoji. */
export const noEmoji = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((s) => !containsEmoji(s as string), { error: messages.emojiNotAllowed });

/** NFKC (an IME's ＠ and full-width letters), emoji (the spec's message), then the address itself (isEmail). */
export const emailField = requiredNormalizedText(messages.emailRequired).pipe(
  z
    .string()
    .refine((s) => !containsEmoji(s), { error: messages.emojiNotAllowed, abort: true })
    .refine(isEmail, { error: messages.emailInvalid }),
);

/**
 * The password rule (6–20 characters, letters and digits combined), one message per problem:
 * length (the spec's), half-width, letters and digits (docs/classes.md, "Edges": passwords).
 */
export const passwordField = requiredSecret(messages.passwordRequired).pipe(
  z.string().superRefine((value, ctx) => {
    const problem = passwordProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  }),
);

export const classNameField = noEmoji(requiredNormalizedText(messages.classNameRequired).pipe(maxChars(20)));

export const homeworkTitleField = (max: number) =>
  noEmoji(
    requiredText(messages.homeworkTitleRequired)
      .pipe(maxChars(max))
      .refine((s) => !hasForbiddenTitleChar(s), { error: messages.homeworkTitleForbidden }),
  );

/** Number inputs: digits only, at most 10 of them (full-width digits from an IME too). */
export const numberInputField = z
  .union([z.string(), z.number()])
  .transform((v) => nfkc(String(v)).trim())
  .refine((s) => /^\d{1,10}$/.test(s), { error: messages.numberTooLong })
  .transform(Number);

/** A new password and its confirmation; the new one must differ from the old one when given. */
export const passwordChange = z
  .object({ oldpassword: requiredSecret(messages.passwordRequired), newpassword: passwordField, confirm: z.string() })
  .refine((v) => v.newpassword === v.confirm, { error: messages.passwordMismatch, path: ['confirm'] })
  .refine((v) => v.newpassword !== v.oldpassword, { error: messages.passwordSameAsOld, path: ['newpassword'] });

export { messages };
