import { z } from 'zod';

/**
 * One call of the API: its method, full path, who may make it, and the zod schemas of its input
 * (query string for GET, JSON body for POST) and of `data` in the reply envelope.
 * The server registers routes from these, the OpenAPI document is generated from them, and the
 * web client derives its types from them.
 */
export type Access = 'public' | 'teacher';

export interface CallDef<I extends z.ZodType = z.ZodType, O extends z.ZodType = z.ZodType, A extends Access = Access> {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  readonly access: A;
  readonly summary: string;
  readonly tag: string;
  readonly input: I;
  readonly output: O;
}

export const defineCall = <I extends z.ZodType, O extends z.ZodType, A extends Access>(def: CallDef<I, O, A>) => def;

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
