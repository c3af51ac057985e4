import { z } from 'zod';
import { defineCall } from '../define.js';
import { limits } from '../limits.js';
import { messages } from '../messages.js';
import {
  emailField,
  maxChars,
  noEmoji,
  normalizedString,
  passwordField,
  requiredNormalizedText,
  requiredSecret,
  requiredText,
} from '../rules.js';
import { teacherUser } from './auth.js';

/**
 * Account self-service (docs/account.md; the screens /forget and /person, the teacher/… account
 * calls): forgotten password, profile, e-mail and password change, push tokens. Passwords travel
 * encrypted (like login-safe), so their rules (6–20 characters, letters and digits combined) are
 * checked by the server after decryption and by the forms below before.
 */

/** A mailed verification code: six digits. */
export const verificationCodeField = requiredText(messages.codeRequired).pipe(
  z.string().regex(new RegExp(`^\\d{${limits.verificationCode.digits}}$`), { error: messages.codeFormat }),
);

export const nicknameField = noEmoji(
  requiredNormalizedText(messages.nicknameRequired).pipe(maxChars(limits.nicknameMax)),
);
export const schoolField = noEmoji(normalizedString().pipe(z.string().trim()).pipe(maxChars(limits.schoolMax)));

/** An encrypted password in a request: required, base64 ciphertext (its rules apply after decryption). */
const encrypted = (message: string) => requiredSecret(message).pipe(z.string().max(2048));

export const changeProfile = defineCall({
  method: 'POST',
  path: '/api/v2/teacher/change-profile',
  access: 'teacher:not-guest',
  tag: 'account',
  summary: 'Change the nickname and school of the signed-in teacher (not for the guest type)',
  input: z.object({ nickname: nicknameField, school: schoolField.default('') }),
  output: z.object({ user: teacherUser }),
});

export const sendEmailAuthenticationMail = defineCall({
  method: 'POST',
  path: '/api/v2/send-email-authentication-mail',
  access: 'teacher:not-guest',
  tag: 'account',
  summary: 'Mail a 6-digit code (30 minutes) to a new address of the signed-in teacher',
  input: z.object({ email: emailField }),
  output: z.object({ expires_in_minutes: z.number().int() }),
});

export const changeEmail = defineCall({
  method: 'POST',
  path: '/api/v2/teacher/change-email',
  access: 'teacher:not-guest',
  tag: 'account',
  summary: 'Change the e-mail address with the code mailed to it',
  input: z.object({ email: emailField, code: verificationCodeField }),
  output: z.object({ user: teacherUser }),
});

export const changePasswordSafe = defineCall({
  method: 'POST',
  path: '/api/v2/teacher/change-password-safe',
  access: 'teacher:not-guest',
  tag: 'account',
  summary: 'Change the password (both base64 RSA-OAEP); other sessions are signed out, this one stays',
  input: z.object({
    oldpassword: encrypted(messages.currentPasswordRequired),
    newpassword: encrypted(messages.passwordRequired),
  }),
  output: z.null(),
});

export const sendResetPwdMail = defineCall({
  method: 'POST',
  path: '/api/v2/teacher/send-reset-pwd-mail',
  access: 'public',
  tag: 'account',
  summary: 'Mail a 6-digit reset code (30 minutes) if the address is registered; the reply is the same either way',
  input: z.object({ email: emailField }),
  output: z.object({ expires_in_minutes: z.number().int() }),
});

export const resetPasswordSafe = defineCall({
  method: 'POST',
  path: '/api/v2/teacher/reset-password-safe',
  access: 'public',
  tag: 'account',
  summary: 'Set a new password (base64 RSA-OAEP) with the mailed code; every session of the teacher is signed out',
  input: z.object({
    email: emailField,
    code: verificationCodeField,
    password: encrypted(messages.passwordRequired),
  }),
  output: z.null(),
});

const fcmToken = requiredText(messages.fcmTokenRequired).pipe(z.string().max(4096));

export const saveFcmToken = defineCall({
  method: 'POST',
  path: '/api/v2/teacher/save-fcm-token',
  access: 'teacher',
  tag: 'account',
  summary: 'Remember a push-notification token of this device for the signed-in teacher (idempotent)',
  input: z.object({ fcm_token: fcmToken }),
  output: z.null(),
});

export const deleteFcmToken = defineCall({
  method: 'POST',
  path: '/api/v2/teacher/delete-fcm-token',
  access: 'teacher',
  tag: 'account',
  summary: 'Forget a push-notification token of the signed-in teacher (idempotent)',
  input: z.object({ fcm_token: fcmToken }),
  output: z.null(),
});

/* The forms' own shapes (before passwords are encrypted). */

export const profileForm = z.object({ nickname: nicknameField, school: schoolField });
export type ProfileForm = z.infer<typeof profileForm>;

/** Two entries of a new password that must match (reset screen). */
export const newPasswordForm = z
  .object({ password: passwordField, confirm: requiredSecret(messages.passwordConfirmRequired) })
  .refine((v) => v.password === v.confirm, { error: messages.passwordMismatch, path: ['confirm'] });

/** The e-mail change form: the new address must differ from the current one (case-insensitive). */
export const newEmailField = (current: string) =>
  emailField.refine((e) => e.toLowerCase() !== current.trim().toLowerCase(), { error: messages.emailSameAsCurrent });
