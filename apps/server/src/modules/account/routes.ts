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
import type { Mailer } from '../../lib/mailer.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import { route } from '../../lib/route.js';
import type { PasswordCipher } from '../../lib/rsa-keys.js';
import * as fcm from './fcm-repository.js';
import { presentAccountUser, presentCodeSent } from './presenter.js';
import * as account from './service.js';

export function accountRoutes(
  app: FastifyInstance,
  deps: { db: Db; limiter: RateLimiter; cipher: PasswordCipher; mailer: Mailer },
) {
  const { db, limiter, cipher, mailer } = deps;

  route(app, sendResetPwdMail, async ({ input, request }) =>
    presentCodeSent(await account.requestPasswordReset(db, limiter, mailer, request.log, input.email, request.ip)),
  );

  route(app, resetPasswordSafe, async ({ input, request }) =>
    account.resetPassword(
      db,
      limiter,
      { email: input.email, code: input.code, password: cipher.decrypt(input.password) },
      request.ip,
    ),
  );

  // The guest type has no account settings (docs/account.md): the contract's 'teacher:not-guest'
  // access refuses it with 403 before these handlers run.
  route(app, changeProfile, async ({ input, teacher }) =>
    presentAccountUser(await account.changeProfile(db, teacher, input)),
  );

  route(app, sendEmailAuthenticationMail, async ({ input, teacher }) =>
    presentCodeSent(await account.sendEmailChangeCode(db, limiter, mailer, teacher, input.email)),
  );

  route(app, changeEmail, async ({ input, teacher }) =>
    presentAccountUser(await account.changeEmail(db, teacher, input)),
  );

  route(app, changePasswordSafe, async ({ input, teacher }) =>
    account.changePassword(db, limiter, teacher, {
      oldPassword: cipher.decrypt(input.oldpassword),
      newPassword: cipher.decrypt(input.newpassword),
    }),
  );

  route(app, saveFcmToken, async ({ input, teacher }) => {
    await fcm.saveFcmToken(db, teacher.id, input.fcm_token);
    return null;
  });

  route(app, deleteFcmToken, async ({ input, teacher }) => {
    await fcm.deleteFcmToken(db, teacher.id, input.fcm_token);
    return null;
  });
}
