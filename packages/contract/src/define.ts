import { z } from 'zod';
import { messages } from './messages.js';

/**
 * One call of the API: its method, full path, who may make it, what it carries, and the zod
 * schemas of its input (query string for GET, JSON body or multipart fields for POST) and of
 * `data` in the reply envelope (or, for a file, of the file itself for OpenAPI).
 * The server registers routes from these, the OpenAPI document is generated from them, and the
 * web client derives its types from them.
 *
 * access: `public` (no token needed), `teacher` (a teacher's bearer token), `teacher:not-guest`
 * (a teacher's token, refused with 403 for the guest type), `student` (a child's token from the
 * students' side, /api/v2/student/…; a teacher's token is refused there, and a child's on every
 * teacher call).
 * kind: `json` replies the envelope; `blob` replies a file of `contentType` (errors still as the
 * envelope); `upload` takes multipart/form-data with one `file` part within `upload`'s limits.
 */
export type Access = 'public' | 'teacher' | 'teacher:not-guest' | 'student';
export type CallKind = 'json' | 'blob' | 'upload';

/** The rules of an upload call, shared by the server (enforced) and the web app (checked before sending). */
export interface UploadRule {
  readonly maxBytes: number;
  /** File name endings accepted, lower case with the dot (".xlsx"). */
  readonly extensions: readonly string[];
  readonly fileRequiredMessage: string;
  readonly fileTypeMessage: string;
  readonly tooLargeMessage: string;
  /** A 0-byte file; without it, the same as no file (`fileRequiredMessage`). */
  readonly emptyFileMessage?: string;
}

export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, A extends Access = Access> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly access: A;
  readonly summary: string;
  readonly tag: string;
  readonly kind: CallKind;
  /** `blob` calls: the Content-Type of the file. */
  readonly contentType?: string;
  /** `upload` calls: limits of the file part. */
  readonly upload?: UploadRule;
  readonly input: I;
  readonly output: O;
}

type CallSpec<I extends z.ZodType, O extends z.ZodType, A extends Access> = Omit<CallDef<I, O, A>, 'kind'> & {
  kind?: CallKind;
};

export const defineCall = <I extends z.ZodType, O extends z.ZodType, A extends Access>(
  def: CallSpec<I, O, A>,
): CallDef<I, O, A> => ({ kind: 'json', ...def });

/** Whether a token of the guest type is refused. */
export const refusesGuest = (call: Pick<CallDef, 'access'>) => call.access === 'teacher:not-guest';
/** Whether the call needs a teacher's token. */
export const needsTeacher = (call: Pick<CallDef, 'access'>) =>
  call.access === 'teacher' || call.access === 'teacher:not-guest';
/** Whether the call needs a child's token (the students' side). */
export const needsStudent = (call: Pick<CallDef, 'access'>) => call.access === 'student';

export type CallInput<C extends CallDef> = z.input<C['input']>;
export type CallOutput<C extends CallDef> = z.output<C['output']>;

/** The reply envelope of every JSON call. */
export const envelope = <T extends z.ZodType>(data: T) =>
  z.object({ errcode: z.number().int(), errmsg: z.string(), data });

export const errorEnvelope = z.object({
  errcode: z.number().int(),
  errmsg: z.string(),
  data: z.null(),
});

export interface Envelope<T> {
  errcode: number;
  errmsg: string;
  data: T;
}

/** Page lists reply `{ rows, total, page, limit }`. */
export const pageOf = <T extends z.ZodType>(row: T) =>
  z.object({
    rows: z.array(row),
    total: z.number().int(),
    page: z.number().int(),
    limit: z.number().int(),
  });

/** Query-string integer with a default (query values arrive as strings). */
export const queryInt = (def: number, max = 1000) => z.coerce.number().int().min(1).max(max).default(def);

export const empty = z.object({});

/** A database id in a query string or body (1 … 2³¹−1); anything else is the generic 400. */
export const idField = z.coerce
  .number({ error: messages.badRequest })
  .int()
  .min(1, { error: messages.badRequest })
  .max(2 ** 31 - 1);

/** `{ count }`: how many records a bulk call changed. */
export const countReply = z.object({ count: z.number().int() });
