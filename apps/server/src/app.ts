import multipart from '@fastify/multipart';
import { teamLimits } from '@ondoku/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Database } from './db/client.js';
import type { PasswordCipher } from './lib/rsa-keys.js';
import type { SecretBox } from './lib/secret-box.js';
import { authRoutes } from './modules/auth/routes.js';
import { classRoutes } from './modules/classes/routes.js';
import { homeworkRoutes } from './modules/homework/routes.js';
import { studentRoutes } from './modules/students/routes.js';
import { systemRoutes } from './modules/system/routes.js';
import { registerAuth } from './plugins/auth.js';
import { registerErrorHandling } from './plugins/errors.js';
import { openApiRoute, registerOpenApi } from './plugins/openapi.js';
import { registerWeb } from './plugins/web.js';

export interface AppDeps {
  database: Database;
  cipher: PasswordCipher;
  /** Encrypts the printable initial passwords of students. */
  secretBox: SecretBox;
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
  // Uploads (student imports) are read part by part; each route sets its own file-size limit.
  await app.register(multipart, { limits: { fileSize: teamLimits.import.maxBytes, files: 1 } });

  const db = deps.database.db;
  registerAuth(app, db);
  openApiRoute(app);
  systemRoutes(app, { db });
  authRoutes(app, { db, cipher: deps.cipher, liveLessonUrl: deps.liveLessonUrl ?? null });
  homeworkRoutes(app, { db });
  classRoutes(app, { db });
  studentRoutes(app, { db, cipher: deps.cipher, box: deps.secretBox });

  if (deps.webDist) await registerWeb(app, deps.webDist);
  return app;
}
