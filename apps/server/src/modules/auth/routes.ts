import { getPublicKey, getTeacherInfo, loginSafe, logout, passCardLogin } from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { AppError } from '../../lib/app-error.js';
import { route } from '../../lib/route.js';
import type { PasswordCipher } from '../../lib/rsa-keys.js';
import { presentTeacher } from './presenter.js';
import { signIn, signInWithPassCard } from './service.js';
import { findTeacherById } from './teacher-repository.js';
import { revokeToken } from './token-repository.js';

export function authRoutes(
  app: FastifyInstance,
  deps: { db: Db; cipher: PasswordCipher; liveLessonUrl: string | null },
) {
  const { db, cipher } = deps;

  route(app, getPublicKey, async () => ({ public_key: cipher.publicKeyPem, algorithm: 'RSA-OAEP-256' }));

  route(app, loginSafe, async ({ input, request }) =>
    signIn(db, input.username, cipher.decrypt(input.password), {
      address: request.ip,
      clientName: input.client_name,
      deviceCode: input.device_code,
    }),
  );

  route(app, passCardLogin, async ({ input, request }) =>
    signInWithPassCard(db, input.key, {
      address: request.ip,
      clientName: input.client_name,
      deviceCode: input.device_code,
    }),
  );

  route(app, logout, async ({ teacher }) => {
    await revokeToken(db, teacher.tokenId);
    return null;
  });

  route(app, getTeacherInfo, async ({ teacher }) => {
    const row = await findTeacherById(db, teacher.id);
    if (!row) throw AppError.unauthorized();
    return {
      user: presentTeacher(row),
      online_class_switch: row.onlineClassSwitch,
      live_lesson_url: deps.liveLessonUrl,
    };
  });
}
