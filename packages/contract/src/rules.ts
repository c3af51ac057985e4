import { z } from 'zod';
import { messages } from './messages.js';

/**
 * Validation rules of spec §5, written once: the server validates requests with them and the
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

/** Simple and permissive on purpose: one @, no spaces, a dot in the domain, at most 254 characters. */
const EMAIL = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/;
export const isEmail = (s: string) => s.length <= 254 && EMAIL.test(s);

/** 6–20 half-width characters, at least one letter and one digit. */
const PASSWORD = /^(?=.*[A-Za-z])(?=.*\d)[\x21-\x7E]{6,20}$/;
export const isValidPassword = (s: string) => PASSWORD.test(s);

/** Characters a homework title may not contain (spec §5). */
export const HOMEWORK_TITLE_FORBIDDEN = ['￥', ':', '*', '?', '\\', '"', '<', '>', '|'] as const;
export const hasForbiddenTitleChar = (s: string) => HOMEWORK_TITLE_FORBIDDEN.some((c) => s.includes(c));

/** A required text field where whitespace-only counts as empty; the value is kept trimmed. */
export const requiredText = (message: string) => z.string({ error: message }).trim().min(1, { error: message });

/** A required secret (password): whitespace-only counts as empty, but the value is not changed. */
export const requiredSecret = (message: string) =>
  z.string({ error: message }).refine((s) => s.trim().length > 0, { error: message });

/** Text with a maximum length; over it, the spec's toast message 字数制限を超えています. */
export const maxChars = (max: number) => z.string().refine((s) => charLength(s) <= max, { error: messages.overLength });

/** Free text a teacher types (names, school, titles): no emoji. */
export const noEmoji = <T extends z.ZodType<string>>(schema: T) =>
  schema.refine((s) => !containsEmoji(s as string), { error: messages.emojiNotAllowed });

export const emailField = requiredText(messages.emailRequired).pipe(
  z.string().refine(isEmail, { error: messages.emailInvalid }),
);

export const passwordField = requiredSecret(messages.passwordRequired).pipe(
  z.string().refine(isValidPassword, { error: messages.passwordRule }),
);

export const classNameField = noEmoji(requiredText(messages.classNameRequired).pipe(maxChars(20)));

export const homeworkTitleField = (max: number) =>
  noEmoji(
    requiredText(messages.homeworkTitleRequired)
      .pipe(maxChars(max))
      .refine((s) => !hasForbiddenTitleChar(s), { error: messages.homeworkTitleForbidden }),
  );

/** Number inputs: digits only, at most 10 of them. */
export const numberInputField = z
  .union([z.string(), z.number()])
  .transform((v) => String(v).trim())
  .refine((s) => /^\d{1,10}$/.test(s), { error: messages.numberTooLong })
  .transform(Number);

/** A new password and its confirmation; the new one must differ from the old one when given. */
export const passwordChange = z
  .object({ oldpassword: requiredSecret(messages.passwordRequired), newpassword: passwordField, confirm: z.string() })
  .refine((v) => v.newpassword === v.confirm, { error: messages.passwordMismatch, path: ['confirm'] })
  .refine((v) => v.newpassword !== v.oldpassword, { error: messages.passwordSameAsOld, path: ['newpassword'] });

export { messages };
