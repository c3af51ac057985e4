import type { CallDef } from '@ondoku/contract';
import { envelope, ErrorCode, errorEnvelope } from '@ondoku/contract';
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

/** What a blob handler returns: the file and its name (Japanese is fine; it is sent RFC 5987-encoded). */
export interface BlobReply {
  filename: string;
  body: Buffer;
}

/** Content-Disposition with an ASCII fallback and the real name as RFC 5987 `filename*`. */
export const contentDisposition = (filename: string) => {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

/**
 * Register a blob export of the contract (GET): same query validation, access rule and OpenAPI
 * entry as route(), but the reply is the file itself with its Content-Type and a Japanese-safe
 * Content-Disposition; failures still answer with the JSON envelope.
 */
export function blobRoute<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  opts: { contentType: string },
  handler: (ctx: TeacherCallContext<C>) => Promise<BlobReply>,
) {
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'GET',
    url: call.path,
    config: { access: call.access },
    schema: {
      summary: call.summary,
      tags: [call.tag],
      ...(call.access === 'teacher' ? { security: [{ bearer: [] }] } : {}),
      querystring: call.input,
      response: {
        200: { description: 'the file', content: { [opts.contentType]: { schema: call.output } } },
        default: errorEnvelope,
      },
    },
    handler: async (request, reply) => {
      const teacher = request.teacher;
      if (!teacher) throw AppError.unauthorized();
      const file = await handler({ input: request.query as never, request, teacher });
      return reply
        .header('content-type', opts.contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}

/** An uploaded file, read into memory (uploads are size-limited). */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  buffer: Buffer;
}

/**
 * Register a multipart upload of the contract (POST). The contract's input schema describes the
 * form for OpenAPI; here the text fields are validated with it (without `file`), and the single
 * file part is read with a size limit (413 with `tooLargeMessage` when over it).
 */
export function uploadRoute<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  opts: { maxBytes: number; tooLargeMessage: string; fileRequiredMessage: string },
  handler: (ctx: TeacherCallContext<C> & { file: UploadedFile }) => Promise<z.input<C['output']>>,
) {
  const fields = (call.input as unknown as z.ZodObject).omit({ file: true });
  app.withTypeProvider<ZodTypeProvider>().route({
    method: 'POST',
    url: call.path,
    config: { access: call.access },
    // The body is a multipart stream, validated below rather than by the schema compiler.
    validatorCompiler: () => (data) => ({ value: data }),
    schema: {
      summary: call.summary,
      tags: [call.tag],
      consumes: ['multipart/form-data'],
      ...(call.access === 'teacher' ? { security: [{ bearer: [] }] } : {}),
      body: call.input,
      response: { 200: z.union([envelope(call.output), errorEnvelope]), default: errorEnvelope },
    },
    handler: async (request) => {
      const teacher = request.teacher;
      if (!teacher) throw AppError.unauthorized();
      if (!request.isMultipart()) throw AppError.badRequest(opts.fileRequiredMessage);
      const values: Record<string, string> = {};
      let file: UploadedFile | null = null;
      try {
        for await (const part of request.parts({ limits: { fileSize: opts.maxBytes, files: 1, fields: 20 } })) {
          if (part.type === 'file') {
            const buffer = await part.toBuffer();
            if (part.fieldname === 'file') file = { filename: part.filename, mimetype: part.mimetype, buffer };
          } else values[part.fieldname] = String(part.value);
        }
      } catch (e) {
        if ((e as { statusCode?: number }).statusCode === 413)
          throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, opts.tooLargeMessage);
        throw e;
      }
      const parsed = fields.safeParse(values);
      if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message);
      if (!file || file.buffer.length === 0) throw AppError.badRequest(opts.fileRequiredMessage);
      const data = await handler({ input: parsed.data as never, request, teacher, file });
      return { errcode: 0, errmsg: '', data };
    },
  });
}
