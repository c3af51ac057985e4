import {
  changeEmail,
  changePasswordSafe,
  changeProfile,
  deleteFcmToken,
  resetPasswordSafe,
  saveFcmToken,
  sendEmailAuthenticationMail,
  sendResetPwdMail,
} from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import type { Mailer } from '../../lib/mailer.js';
import { route } from '../../lib/route.js';
import type { PasswordCipher } from '../../lib/rsa-keys.js';
import type { AuthTeacher } from '../../plugins/auth.js';
import * as fcm from './fcm-repository.js';
import * as account from './service.js';

/** The guest type has no account settings (spec §2, §6): the server refuses, not only the menu. */
const assertNotGuest = (teacher: AuthTeacher) => {
  if (teacher.type === 'guest') throw AppError.forbidden();
};

export function accountRoutes(app: FastifyInstance, deps: { db: Db; cipher: PasswordCipher; mailer: Mailer }) {
  const { db, cipher, mailer } = deps;

  route(app, sendResetPwdMail, async ({ input, request }) =>
    account.requestPasswordReset(db, mailer, request.log, input.email, request.ip),
  );

  route(app, resetPasswordSafe, async ({ input, request }) =>
    account.resetPassword(
      db,
      { email: input.email, code: input.code, password: cipher.decrypt(input.password) },
      request.ip,
    ),
  );

  route(app, changeProfile, async ({ input, teacher }) => {
    assertNotGuest(teacher);
    return account.changeProfile(db, teacher, input);
  });

  route(app, sendEmailAuthenticationMail, async ({ input, teacher }) => {
    assertNotGuest(teacher);
    return account.sendEmailChangeCode(db, mailer, teacher, input.email);
  });

  route(app, changeEmail, async ({ input, teacher }) => {
    assertNotGuest(teacher);
    return account.changeEmail(db, teacher, input);
  });

  route(app, changePasswordSafe, async ({ input, teacher }) => {
    assertNotGuest(teacher);
    return account.changePassword(db, teacher, {
      oldPassword: cipher.decrypt(input.oldpassword),
      newPassword: cipher.decrypt(input.newpassword),
    });
  });

  route(app, saveFcmToken, async ({ input, teacher }) => {
    await fcm.saveFcmToken(db, teacher.id, input.fcm_token);
    return null;
  });

  route(app, deleteFcmToken, async ({ input, teacher }) => {
    await fcm.deleteFcmToken(db, teacher.id, input.fcm_token);
    return null;
  });
}
