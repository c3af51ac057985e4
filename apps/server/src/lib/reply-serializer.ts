import type { FastifySerializerCompiler } from 'fastify';
import {
  ResponseSerializationError,
  serializerCompiler as encodingSerializerCompiler,
} from 'fastify-type-provider-zod';
import { $ZodType, safeParse } from 'zod/v4/core';

/**
 * The reply serializer: every JSON reply is checked against its call's output schema before it
 * is written, so no unnamed field leaves the server (docs/architecture.md, "The path of a
 * request"). fastify-type-provider-zod checks with `safeEncode` (the backward direction, for
 * codecs), which zod runs without its compiled object fast path and with a second "canary" pass
 * of every value: check and `JSON.stringify` of a 40 × 30 matrix reply cost 0.9–1.1 ms of CPU
 * that way and 0.45–0.6 ms with `safeParse`, the header's 0.3–0.4 against 0.1–0.16 ms
 * (bench/reply-check.ts, docs/benchmarks.md). For a schema made only of the plain parts below
 * — no codec, pipe, transform, default, prefault, catch, lazy or overwriting check, the only
 * parts whose backward run differs from the forward one — both directions strip unnamed keys
 * and reject the same values, so the reply is checked with `safeParse`; any other schema keeps
 * `safeEncode`. reply-serializer.test.ts proves the choice, and the same written reply as
 * `safeEncode`'s (unnamed fields stripped) on samples of every JSON call's output schema.
 */

type Def = {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  [k: string]: unknown;
};

const PLAIN_LEAVES = new Set([
  'string',
  'number',
  'int',
  'boolean',
  'null',
  'undefined',
  'literal',
  'enum',
  'date',
  'any',
  'unknown',
  'never',
]);

/** Whether a zod schema has no part whose parse and encode differ (see above). */
export function parsesLikeEncode(schema: unknown, seen = new Set<unknown>()): boolean {
  if (!(schema instanceof $ZodType)) return false;
  if (seen.has(schema)) return true;
  seen.add(schema);
  const def = schema._zod.def as unknown as Def;
  if (def.checks?.some((c) => c._zod.def.check === 'overwrite')) return false;
  const ok = (s: unknown) => parsesLikeEncode(s, seen);
  if (PLAIN_LEAVES.has(def.type)) return true;
  switch (def.type) {
    case 'object': {
      const shape = def.shape as Record<string, unknown>;
      return Object.values(shape).every(ok) && (def.catchall === undefined || ok(def.catchall));
    }
    case 'array':
      return ok(def.element);
    case 'union':
      return (def.options as unknown[]).every(ok);
    case 'nullable':
    case 'optional':
    case 'readonly':
    case 'nonoptional':
      return ok(def.innerType);
    case 'record':
      return ok(def.keyType) && ok(def.valueType);
    case 'tuple':
      return (def.items as unknown[]).every(ok) && (def.rest === null || def.rest === undefined || ok(def.rest));
    case 'intersection':
      return ok(def.left) && ok(def.right);
    default:
      return false;
  }
}

/** The app's serializer compiler: `safeParse` for plain output schemas, the library's `safeEncode` otherwise. */
export const replySerializerCompiler: FastifySerializerCompiler<unknown> = (routeSchema) => {
  const { schema, method, url } = routeSchema;
  if (!parsesLikeEncode(schema)) return (encodingSerializerCompiler as FastifySerializerCompiler<unknown>)(routeSchema);
  const zodSchema = schema as $ZodType;
  return (data: unknown) => {
    const result = safeParse(zodSchema, data);
    if (result.error) throw new ResponseSerializationError(method, url, { cause: result.error });
    return JSON.stringify(result.data);
  };
};
