import { z } from 'zod';
import { defineCall, empty } from '../define.js';
import { messages } from '../messages.js';
import { charLength, requiredNormalizedText, requiredSecret, requiredText } from '../rules.js';
import { limits } from '../limits.js';

/** The signed-in teacher as the web app sees it (the spec's Teacher/user fields). */
export const teacherUser = z.object({
  id: z.number().int(),
  /** Always 1 for a teacher account; the shared user service tells teachers from students by it. */
  teacher_flag: z.number().int(),
  username: z.string(),
  email: z.string(),
  nickname: z.string(),
  avatar: z.string().nullable(),
  type: z.enum(['teacher', 'guest']),
  showLive: z.boolean(),
  school: z.string(),
});
export type TeacherUser = z.infer<typeof teacherUser>;

export const sessionReply = z.object({
  token: z.string(),
  user: teacherUser,
  online_class_switch: z.boolean(),
});
export type SessionReply = z.infer<typeof sessionReply>;

const clientFields = {
  app_name: z.string().max(100).optional(),
  client_name: z.string().max(100).optional(),
  device_code: z.string().max(200).optional(),
};

/** The login form's own fields (before the password is encrypted). */
export const loginForm = z.object({
  username: requiredNormalizedText(messages.loginIdRequired),
  // Longer than any password can be (over 20): say so, rather than a failed sign-in (docs/classes.md,
  // "Edges": passwords).
  password: requiredSecret(messages.passwordRequired).pipe(
    z.string().refine((s) => charLength(s) <= limits.password.max, { error: messages.passwordRule }),
  ),
});
export type LoginForm = z.infer<typeof loginForm>;

export const getPublicKey = defineCall({
  method: 'GET',
  path: '/api/v2/teacher/public-key',
  access: 'public',
  tag: 'auth',
  summary: 'RSA public key (SPKI PEM) with which the browser encrypts passwords (RSA-OAEP, SHA-256)',
  input: empty,
  output: z.object({ public_key: z.string(), algorithm: z.literal('RSA-OAEP-256') }),
});

export const loginSafe = defineCall({
  method: 'POST',
  path: '/api/v2/teacher/login-safe',
  access: 'public',
  tag: 'auth',
  summary: 'Sign in by login id or e-mail; the password is base64 RSA-OAEP ciphertext',
  input: z.object({
    username: requiredNormalizedText(messages.loginIdRequired).pipe(z.string().max(254)),
    password: requiredSecret(messages.passwordRequired).pipe(z.string().max(2048)),
    ...clientFields,
  }),
  output: sessionReply,
});

export const passCardLogin = defineCall({
  method: 'POST',
  path: '/api/v2/teacher/pass-card-login',
  access: 'public',
  tag: 'auth',
  summary: 'Sign in with a one-time key issued by an operator (single use, 10 minutes)',
  input: z.object({
    key: requiredText(messages.passCardInvalid).pipe(z.string().max(200)),
    ...clientFields,
  }),
  output: sessionReply,
});

export const logout = defineCall({
  method: 'POST',
  path: '/api/v2/teacher/logout',
  access: 'teacher',
  tag: 'auth',
  summary: 'Revoke the token of this request',
  input: empty,
  output: z.null(),
});

export const getTeacherInfo = defineCall({
  method: 'GET',
  path: '/api/v2/teacher/info',
  access: 'teacher',
  tag: 'auth',
  summary: 'The signed-in teacher and the live-class switch',
  input: empty,
  output: z.object({
    user: teacherUser,
    online_class_switch: z.boolean(),
    /** Where the live-lesson menu item leads (LIVE_LESSON_URL); null hides the item. */
    live_lesson_url: z.string().nullable(),
  }),
});
