import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import type { Mailer } from './lib/mailer.js';
import type { PasswordCipher } from './lib/rsa-keys.js';
import { accountRoutes } from './modules/account/routes.js';
import { authRoutes } from './modules/auth/routes.js';
import { homeworkRoutes } from './modules/homework/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerDevMailbox } from './plugins/dev-mailbox.js';
import { registerErrorHandling } from './plugins/errors.js';
import { openApiRoute, registerOpenApi } from './plugins/openapi.js';
import { registerWeb } from './plugins/web.js';

export interface AppDeps {
  database: Database;
  cipher: PasswordCipher;
  /** Outgoing mail (SMTP, or .eml files with the local mailbox page). */
  mailer: Mailer;
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  trustProxy?: boolean;
  liveLessonUrl?: string | null;
}

/** The whole HTTP application; shared by server.ts and the tests. */
export async function buildApp(deps: AppDeps) {
  const app = Fastify({
    logger: deps.logger ?? false,
    trustProxy: deps.trustProxy ?? false,
    bodyLimit: 1024 * 1024,
    // Japanese text in query strings and bodies is normal here.
    routerOptions: { maxParamLength: 500 },
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandling(app);
  await registerOpenApi(app);

  const db = deps.database.db;
  registerAuth(app, db);
  openApiRoute(app);
  systemRoutes(app, { db });
  authRoutes(app, { db, cipher: deps.cipher, liveLessonUrl: deps.liveLessonUrl ?? null });
  homeworkRoutes(app, { db });
  accountRoutes(app, { db, cipher: deps.cipher, mailer: deps.mailer });
  registerDevMailbox(app, deps.mailer);

  if (deps.webDist) await registerWeb(app, deps.webDist);
  return app;
}
