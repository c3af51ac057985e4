import type { Access, CallDef, CallKind } from '@ondoku/contract';
import {
  envelope,
  ErrorCode,
  errorEnvelope,
  messages,
  needsStudent,
  needsTeacher,
  refusesGuest,
} from '@ondoku/contract';
import type { FastifyInstance, FastifyReply, FastifyRequest, FastifySchema } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from './app-error.js';
import { containsControlChars } from './control-chars.js';
import type { ChangeFeed } from '../db/change-feed.js';
import type { Db, DbOrTx } from '../db/client.js';
import type { ActingStudent, ActingTeacher } from './acting.js';
import { cachedReply, type ReplyCacheOptions } from './reply-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    access?: Access;
  }
  interface FastifyInstance {
    /** The application's database (decorated by buildApp before any module registers). */
    db: Db;
    /** What this process hears of committed changes, per teacher (db/change-feed.ts). */
    changeFeed: ChangeFeed;
  }
}

/** Work a handler leaves for after its transaction committed (see RouteOptions). */
export type AfterCommitWork = () => unknown;

export interface CallContext<C extends CallDef> {
  input: z.output<C['input']>;
  request: FastifyRequest;
  /**
   * Run `work` once the handler's transaction committed (without a transaction: once the handler
   * returned), before the reply is sent; never when the handler threw. A failure of it is logged
   * and the committed success still answers (docs/architecture.md, "The handler shape").
   */
  afterCommit: (work: AfterCommitWork) => void;
}

export interface TeacherCallContext<C extends CallDef> extends CallContext<C> {
  teacher: ActingTeacher;
}

/** The students' side (access `student`): the signed-in child, never a teacher. */
export interface StudentCallContext<C extends CallDef> extends CallContext<C> {
  student: ActingStudent;
}

/** What a handler receives: the acting teacher (or child) whenever the call needs one, else maybe null. */
export type ContextOf<C extends CallDef> = C['access'] extends 'public'
  ? CallContext<C> & { teacher: ActingTeacher | null }
  : C['access'] extends 'student'
    ? StudentCallContext<C>
    : TeacherCallContext<C>;

type Handler<C extends CallDef, R> = (ctx: ContextOf<C>) => Promise<R>;

/**
 * Declared options of a call's handler (docs/architecture.md, "The handler shape").
 * - `transaction: true`: the handler runs in one database transaction and receives it as `tx`
 *   (every call that writes several rows declares it; a thrown error rolls everything back).
 *   `'repeatable read'`: one read-only snapshot, for an export read page by page.
 *   Rate-limit counters are kept outside it (lib/rate-limit.ts), so a refused attempt still counts.
 * - `cache`: keep the written reply per teacher and input (lib/reply-cache.ts).
 * No handler opens a transaction itself: what must follow the commit (waking the download
 * runner, removing files) goes to `ctx.afterCommit(work)`.
 */
export interface RouteOptions {
  transaction?: boolean | 'repeatable read';
  cache?: ReplyCacheOptions;
}

/** What a `{ transaction }` handler receives besides the call's context. */
export interface TxContext {
  tx: DbOrTx;
}

type WithTx<O extends RouteOptions> = O extends { transaction: true | 'repeatable read' } ? TxContext : unknown;

/**
 * Run the handler, inside a transaction when the route declares one, then the work it left for
 * after the commit, in order. Such work failing does not undo a committed success: it is logged,
 * and work that matters is durable by itself (a pending download task is picked up by the runner's
 * next poll anyway).
 */
async function runHandler(
  app: FastifyInstance,
  opts: RouteOptions,
  handler: (ctx: never) => Promise<unknown>,
  ctx: { request: FastifyRequest; [more: string]: unknown },
) {
  const h = handler as (ctx: object) => Promise<unknown>;
  const pending: AfterCommitWork[] = [];
  const run = { ...ctx, afterCommit: (work: AfterCommitWork) => void pending.push(work) };
  const data = !opts.transaction
    ? await h(run)
    : await app.db.transaction(
        (tx) => h({ ...run, tx }),
        opts.transaction === 'repeatable read' ? { isolationLevel: 'repeatable read', accessMode: 'read only' } : {},
      );
  for (const work of pending)
    try {
      await work();
    } catch (err) {
      ctx.request.log.error({ err }, 'after-commit work failed (the reply stays a success)');
    }
  return data;
}

/** route(app, call, handler) or route(app, call, options, handler). */
function splitArgs<H>(optsOrHandler: RouteOptions | H, handler?: H): [RouteOptions, H] {
  return handler === undefined ? [{}, optsOrHandler as H] : [optsOrHandler as RouteOptions, handler];
}

/** Who made the request, from the bearer token (plugins/auth.ts). */
interface Acting {
  teacher: ActingTeacher | null;
  student: ActingStudent | null;
}

/**
 * The one registration every call goes through: method, path, access rule (401 without a
 * teacher's token — or, on `student` calls, without a child's —, 403 for the guest type on
 * `teacher:not-guest` calls) and the OpenAPI entry
 * come from the call's definition; the kind-specific part (schemas, how the reply is sent) from
 * route(), blobRoute() or uploadRoute().
 */
function registerCall<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  kind: CallKind,
  opts: {
    schema: FastifySchema;
    validatorCompiler?: () => (data: unknown) => { value: unknown };
    preValidation?: (request: FastifyRequest) => Promise<void>;
    handle: (request: FastifyRequest, reply: FastifyReply, acting: Acting) => Promise<unknown>;
  },
) {
  if (call.kind !== kind) throw new Error(`${call.path} is a ${call.kind} call, registered as ${kind}`);
  app.withTypeProvider<ZodTypeProvider>().route({
    method: call.method,
    url: call.path,
    config: { access: call.access },
    ...(opts.validatorCompiler ? { validatorCompiler: opts.validatorCompiler } : {}),
    schema: {
      summary: call.summary,
      tags: [call.tag],
      ...(needsTeacher(call) || needsStudent(call) ? { security: [{ bearer: [] }] } : {}),
      ...opts.schema,
    },
    // Every string of every call's query and body, before its schema (docs/security.md, "Input").
    preValidation: async (request: FastifyRequest) => {
      if (containsControlChars(request.query) || containsControlChars(request.body))
        throw AppError.badRequest(messages.controlCharacter);
      await opts.preValidation?.(request);
    },
    handler: async (request, reply) => {
      const teacher = needsStudent(call) ? null : request.teacher;
      const student = needsStudent(call) ? request.student : null;
      if (needsTeacher(call) && !teacher) throw AppError.unauthorized();
      if (needsStudent(call) && !student) throw AppError.unauthorized();
      if (refusesGuest(call) && teacher?.type === 'guest') throw AppError.forbidden();
      return opts.handle(request, reply, { teacher, student });
    },
  });
}

const jsonReply = (call: CallDef) => ({
  // 200 carries either the data or a business error (errcode ≠ 0, data null).
  response: { 200: z.union([envelope(call.output), errorEnvelope]), default: errorEnvelope },
});

/**
 * Register a JSON call of the contract: the query or body is validated with the call's input
 * schema; the handler returns `data` and this wraps it in the envelope (checked against the
 * output schema, so no unnamed field leaves the server).
 */
export function route<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: NoInfer<(ctx: ContextOf<C>) => Promise<z.input<C['output']>>>,
): void;
export function route<C extends CallDef, const O extends RouteOptions>(
  app: FastifyInstance,
  call: C,
  options: O,
  handler: NoInfer<(ctx: ContextOf<C> & WithTx<O>) => Promise<z.input<C['output']>>>,
): void;
export function route(
  app: FastifyInstance,
  call: CallDef,
  optsOrHandler: RouteOptions | Handler<CallDef, unknown>,
  maybeHandler?: Handler<CallDef, unknown>,
) {
  const [options, handler] = splitArgs(optsOrHandler, maybeHandler);
  const inputKey = call.method === 'GET' ? 'querystring' : 'body';
  registerCall(app, call, 'json', {
    schema: { [inputKey]: call.input, ...jsonReply(call) },
    preValidation: async (request) => {
      if (call.method === 'POST' && request.body == null) request.body = {};
    },
    handle: async (request, reply, acting) => {
      const input = call.method === 'GET' ? request.query : request.body;
      const ctx = { input, request, ...acting };
      if (options.cache && acting.teacher) {
        const read = () => runHandler(app, { transaction: options.transaction }, handler, ctx);
        return cachedReply(app, call, options.cache, read, { ...ctx, teacher: acting.teacher }, reply);
      }
      const data = await runHandler(app, options, handler, ctx);
      return { errcode: 0, errmsg: '', data };
    },
  });
}

/** Downloads only read: a blob route may ask for a snapshot, never a cache. */
export type BlobRouteOptions = Pick<RouteOptions, 'transaction'>;

/** What a blob handler returns: the file and its name (Japanese is fine; it is sent RFC 5987-encoded). */
export interface BlobReply {
  filename: string;
  body: Buffer;
  /** A call whose files are of several types (an application's attachment) names each one's. */
  contentType?: string;
}

/** Content-Disposition with an ASCII fallback and the real name as RFC 5987 `filename*`. */
export const contentDisposition = (filename: string) => {
  const ascii = filename.replace(/[^\x20-\x7e]/g, '_').replace(/["\\]/g, '_');
  return `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(filename)}`;
};

/**
 * Register a blob call of the contract (GET): same query validation and access rule as route(),
 * but the reply is the file itself with the call's Content-Type and a Japanese-safe
 * Content-Disposition; failures still answer with the JSON envelope.
 */
export function blobRoute<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: NoInfer<Handler<C, BlobReply>>,
): void;
export function blobRoute<C extends CallDef, const O extends BlobRouteOptions>(
  app: FastifyInstance,
  call: C,
  options: O,
  handler: NoInfer<(ctx: ContextOf<C> & WithTx<O>) => Promise<BlobReply>>,
): void;
export function blobRoute(
  app: FastifyInstance,
  call: CallDef,
  optsOrHandler: BlobRouteOptions | Handler<CallDef, BlobReply>,
  maybeHandler?: Handler<CallDef, BlobReply>,
) {
  const [options, handler] = splitArgs<Handler<CallDef, BlobReply>>(optsOrHandler, maybeHandler);
  const contentType = call.contentType ?? 'application/octet-stream';
  registerCall(app, call, 'blob', {
    schema: {
      querystring: call.input,
      response: {
        200: { description: 'the file', content: { [contentType]: { schema: call.output } } },
        default: errorEnvelope,
      },
    },
    handle: async (request, reply, acting) => {
      const file = (await runHandler(app, options, handler, { input: request.query, request, ...acting })) as BlobReply;
      return reply
        .header('content-type', file.contentType ?? contentType)
        .header('content-disposition', contentDisposition(file.filename))
        .header('cache-control', 'no-store')
        .send(file.body);
    },
  });
}

/** An uploaded file, read into memory (uploads are size-limited by the call's rule). */
export interface UploadedFile {
  filename: string;
  mimetype: string;
  buffer: Buffer;
}

/**
 * Register an upload call of the contract (POST multipart/form-data). The call's input schema
 * describes the form for OpenAPI; here the text fields are validated with it (without `file`),
 * and the single file part is read within the call's upload rule (413 with its message when over
 * the size, 400 when missing).
 */
export function uploadRoute<C extends CallDef>(
  app: FastifyInstance,
  call: C,
  handler: NoInfer<(ctx: ContextOf<C> & { file: UploadedFile }) => Promise<z.input<C['output']>>>,
): void;
export function uploadRoute<C extends CallDef, const O extends RouteOptions>(
  app: FastifyInstance,
  call: C,
  options: O,
  handler: NoInfer<(ctx: ContextOf<C> & { file: UploadedFile } & WithTx<O>) => Promise<z.input<C['output']>>>,
): void;
export function uploadRoute(
  app: FastifyInstance,
  call: CallDef,
  optsOrHandler: RouteOptions | ((ctx: never) => Promise<unknown>),
  maybeHandler?: (ctx: never) => Promise<unknown>,
) {
  const [options, handler] = splitArgs(optsOrHandler, maybeHandler);
  const rule = call.upload;
  if (!rule) throw new Error(`${call.path} is an upload call without an upload rule`);
  const fields = (call.input as unknown as z.ZodObject).omit({ file: true });
  registerCall(app, call, 'upload', {
    // The body is a multipart stream, validated below rather than by the schema compiler.
    validatorCompiler: () => (data) => ({ value: data }),
    schema: { consumes: ['multipart/form-data'], body: call.input, ...jsonReply(call) },
    handle: async (request, _reply, acting) => {
      if (!request.isMultipart()) throw AppError.badRequest(rule.fileRequiredMessage);
      const values: Record<string, string> = {};
      let file: UploadedFile | null = null;
      try {
        for await (const part of request.parts({ limits: { fileSize: rule.maxBytes, files: 1, fields: 20 } })) {
          if (part.type === 'file') {
            const buffer = await part.toBuffer();
            if (part.fieldname === 'file') file = { filename: part.filename, mimetype: part.mimetype, buffer };
          } else values[part.fieldname] = String(part.value);
        }
      } catch (e) {
        if ((e as { statusCode?: number }).statusCode === 413)
          throw new AppError(ErrorCode.PAYLOAD_TOO_LARGE, rule.tooLargeMessage);
        // No or a wrong boundary, a truncated body, a broken part header: the client's fault
        // (docs/security.md, "Uploads").
        request.log.info({ err: e }, 'malformed multipart body');
        throw AppError.badRequest(messages.badRequest);
      }
      if (containsControlChars(values)) throw AppError.badRequest(messages.controlCharacter);
      const parsed = fields.safeParse(values);
      if (!parsed.success) throw AppError.badRequest(parsed.error.issues[0]?.message);
      if (!file) throw AppError.badRequest(rule.fileRequiredMessage);
      if (file.buffer.length === 0) throw AppError.badRequest(rule.emptyFileMessage ?? rule.fileRequiredMessage);
      // The file is read before the transaction opens, so a slow upload holds no connection.
      const data = await runHandler(app, options, handler, { input: parsed.data, request, ...acting, file });
      return { errcode: 0, errmsg: '', data };
    },
  });
}
