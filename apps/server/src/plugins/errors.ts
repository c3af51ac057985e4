import { ErrorCode, messages } from '@ondoku/contract';
import type { FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError } from '../lib/app-error.js';

/**
 * The one place where failures become the reply envelope and its HTTP status (api-paths.md):
 * typed AppErrors keep their code; validation failures are 400 with the schema's Japanese
 * message; anything unexpected is logged and answered 500 without internals.
 */
export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((error: Error & { statusCode?: number }, request, reply) => {
    if (error instanceof AppError) {
      return reply.status(error.status).send({ errcode: error.code, errmsg: error.message, data: null });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const first = error.validation[0];
      return reply
        .status(400)
        .send({ errcode: ErrorCode.BAD_REQUEST, errmsg: first?.message || messages.badRequest, data: null });
    }
    const status = error.statusCode ?? 500;
    if (status === 413) {
      return reply
        .status(413)
        .send({ errcode: ErrorCode.PAYLOAD_TOO_LARGE, errmsg: messages.payloadTooLarge, data: null });
    }
    if (status === 429) {
      return reply.status(429).send({ errcode: ErrorCode.RATE_LIMITED, errmsg: messages.rateLimited, data: null });
    }
    if (status >= 400 && status < 500) {
      // Malformed JSON, wrong content type and the like.
      request.log.info({ err: error }, 'malformed request');
      return reply.status(400).send({ errcode: ErrorCode.BAD_REQUEST, errmsg: messages.badRequest, data: null });
    }
    if (isDatabaseUnavailable(error)) {
      // The database is away (docs/database.md, "When the database goes away"): 503, and the
      // next calls work again once it is back; one warning line, no stack.
      request.log.warn({ code: (error.cause as { code?: unknown } | undefined)?.code }, 'database unavailable');
      return reply.status(503).send({ errcode: ErrorCode.UNAVAILABLE, errmsg: messages.serviceError, data: null });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ errcode: ErrorCode.INTERNAL, errmsg: messages.serviceError, data: null });
  });

  app.setNotFoundHandler((request, reply) => {
    reply.status(404).send({ errcode: ErrorCode.NOT_FOUND, errmsg: messages.notFound, data: null });
  });
}
