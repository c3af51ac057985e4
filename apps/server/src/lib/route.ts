import type { CallDef } from '@ondoku/contract';
import { envelope, errorEnvelope } from '@ondoku/contract';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './app-error.js';
import type { AuthTeacher } from '../plugins/auth.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: 'public' | 'teacher';
  }
}

export interface CallContext<C extends CallDef> {
  input: z.output<C['input']>;
  request: FastifyRequest;
}

export interface TeacherCallContext<C extends CallDef> extends CallContext<C> {
  teacher: AuthTeacher;
}

type Handler<C extends CallDef> = C['access'] extends 'teacher'
  ? (ctx: TeacherCallContext<C>) => Promise<z.input<C['output']>>
  : (ctx: CallContext<C> & { teacher: AuthTeacher | null }) => Promise<z.input<C['output']>>;

/**
 * Register one call of the contract: method, path, input and output schemas, access rule and
 * OpenAPI description all come from the call's definition; the handler returns `data` and this
 * wraps it in the envelope.
 */
export function route<C extends CallDef>(app: FastifyInstance, call: C, handler: Handler<C>) {
  const inputKey = call.method === 'GET' ? 'querystring' : 'body';
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    config: { access: call.access },
    schema: {
      summary: call.summary,
      tags: [call.tag],
      ...(call.access === 'teacher' ? { security: [{ bearer: [] }] } : {}),
      [inputKey]: call.input,
      // 200 carries either the data or a business error (errcode ≠ 0, data null).
      response: { 200: z.union([envelope(call.output), errorEnvelope]), default: errorEnvelope },
    },
    preValidation: async (request) => {
      if (call.method === 'POST' && request.body == null) request.body = {};
    },
    handler: async (request) => {
      const teacher = request.teacher;
      if (call.access === 'teacher' && !teacher) throw AppError.unauthorized();
      const data = await (handler as (ctx: unknown) => Promise<unknown>)({
        input: (call.method === 'GET' ? request.query : request.body) as never,
        request,
        teacher,
      });
      return { errcode: 0, errmsg: '', data };
    },
  });
}
