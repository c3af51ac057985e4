import { getPublicKey, getTeacherInfo, loginSafe, logout, passCardLogin } from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client.js';
import { route } from '../../lib/route.js';
import type { RateLimiter } from '../../lib/rate-limit.js';
import type { PasswordCipher } from '../../lib/rsa-keys.js';
import { liveLessonUrlFor } from './live-lesson.js';
import { presentPublicKey, presentSession, presentTeacherInfo } from './presenter.js';
import { signIn, signInWithPassCard } from './service.js';
import { revokeToken } from './token-repository.js';

export function authRoutes(
  app: FastifyInstance,
  deps: { db: Db; limiter: RateLimiter; cipher: PasswordCipher; liveLessonUrl: string | null },
) {
  const { db, limiter, cipher } = deps;

  route(app, getPublicKey, async () => presentPublicKey(cipher.publicKeyPem));

  route(app, loginSafe, async ({ input, request }) =>
    presentSession(
      await signIn(db, limiter, input.username, cipher.decrypt(input.password), {
        address: request.ip,
        clientName: input.client_name,
        deviceCode: input.device_code,
      }),
    ),
  );

  route(app, passCardLogin, async ({ input, request }) =>
    presentSession(
      await signInWithPassCard(db, limiter, input.key, {
        address: request.ip,
        clientName: input.client_name,
        deviceCode: input.device_code,
      }),
    ),
  );

  route(app, logout, async ({ teacher }) => {
    await revokeToken(db, teacher.tokenId);
    return null;
  });

  // The token lookup (plugins/auth.ts) read the profile with the token: no second query.
  route(app, getTeacherInfo, async ({ teacher }) =>
    presentTeacherInfo(teacher.profile, await liveLessonUrlFor(deps.db, teacher.profile, deps.liveLessonUrl)),
  );
}
