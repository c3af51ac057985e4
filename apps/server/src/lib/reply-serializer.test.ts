import {
  allCalls,
  envelope,
  errorEnvelope,
  getAllTopicOverview,
  getTopicScoreOverviewX,
  getTopicScoreOverviewY,
} from '@ondoku/contract';
import {
  ResponseSerializationError,
  serializerCompiler as encodingSerializerCompiler,
} from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { safeEncode, safeParse, type $ZodType } from 'zod/v4/core';
import { parsesLikeEncode, replySerializerCompiler } from './reply-serializer.js';

/** The schema route() registers for a JSON call's 200 reply (lib/route.ts). */
const replySchema = (output: z.ZodType) => z.union([envelope(output), errorEnvelope]);
const compile = (schema: unknown) => replySerializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' });
const compileEncoding = (schema: unknown) =>
  encodingSerializerCompiler({ schema, method: 'GET', url: '/t', httpStatus: '200' } as never);

type Def = { type: string; [k: string]: unknown };
/**
 * A value shaped by a schema, with an unnamed key added to every object (it must be stripped):
 * objects with every field, arrays of two, unions by `pick`, nullables null on odd `pick`s.
 */
function sample(schema: unknown, pick: number, depth = 0): unknown {
  const def = (schema as $ZodType)._zod.def as unknown as Def;
  if (depth > 12) return null;
  const next = (s: unknown) => sample(s, pick, depth + 1);
  switch (def.type) {
    case 'string':
      return 'テキスト';
    case 'number':
      return pick % 2 ? 12 : 72.5;
    case 'boolean':
      return pick % 2 === 0;
    case 'null':
      return null;
    case 'literal':
      return (def.values as unknown[])[0];
    case 'enum':
      return Object.values(def.entries as Record<string, unknown>)[0];
    case 'object':
      return {
        ...Object.fromEntries(Object.entries(def.shape as Record<string, unknown>).map(([k, v]) => [k, next(v)])),
        unnamed_field: 'must not leave',
      };
    case 'array':
      return [next(def.element), next(def.element)];
    case 'union': {
      const options = def.options as unknown[];
      return next(options[pick % options.length]);
    }
    case 'nullable':
      return pick % 2 ? null : next(def.innerType);
    case 'optional':
      return pick % 3 === 2 ? undefined : next(def.innerType);
    case 'record':
      return { a: next(def.valueType) };
    default:
      return 'unknown-part';
  }
}

describe('the reply serializer (output check by safeParse where it equals safeEncode)', () => {
  it('checks the results calls by safeParse (their schemas have no part whose directions differ)', () => {
    for (const call of [getTopicScoreOverviewX, getTopicScoreOverviewY, getAllTopicOverview])
      expect(parsesLikeEncode(replySchema(call.output)), call.path).toBe(true);
  });

  it('keeps safeEncode for schemas with a default, prefault, catch, transform, pipe, codec, lazy or trim', () => {
    const unsafe = [
      z.object({ a: z.number().default(1) }),
      z.object({ a: z.number().prefault(1) }),
      z.object({ a: z.number().catch(1) }),
      z.object({ a: z.string().transform((s) => s.length) }),
      z.object({ a: z.string().pipe(z.string()) }),
      z.object({ a: z.codec(z.string(), z.number(), { decode: Number, encode: String }) }),
      z.object({ a: z.lazy(() => z.string()) }),
      z.object({ a: z.array(z.string().trim()) }),
    ];
    for (const s of unsafe) expect(parsesLikeEncode(s)).toBe(false);
    expect(parsesLikeEncode(z.object({ a: z.array(z.number().int().nullable()), b: z.enum(['x']).optional() }))).toBe(
      true,
    );
    // …and such a schema's reply is checked by the library's safeEncode: a missing field with a
    // default is refused there (safeParse would have filled it in and accepted the reply).
    const withDefault = z.object({ a: z.number().default(1), b: z.string() });
    expect(compile(withDefault)({ a: 2, b: 'x', c: 1 })).toBe('{"a":2,"b":"x"}');
    expect(safeParse(withDefault, { b: 'x' }).success).toBe(true);
    expect(() => compile(withDefault)({ b: 'x' })).toThrow(ResponseSerializationError);
  });

  it('gives exactly what safeEncode gives for every contract call it checks by safeParse, unnamed fields stripped', () => {
    let checked = 0;
    let accepted = 0;
    for (const call of allCalls) {
      if (call.kind !== 'json') continue;
      const schema = replySchema(call.output);
      if (!parsesLikeEncode(schema)) continue;
      checked++;
      for (let pick = 0; pick < 4; pick++) {
        const reply = { errcode: 0, errmsg: '', data: sample(call.output, pick), unnamed_field: 1 };
        const parsed = safeParse(schema, reply);
        const encoded = safeEncode(schema, reply);
        expect(parsed.success, `${call.path} #${pick}`).toBe(encoded.success);
        if (!parsed.success) continue;
        accepted++;
        const written = compile(schema)(reply);
        expect(written, `${call.path} #${pick}`).toBe(JSON.stringify(encoded.data));
        expect(written).not.toContain('unnamed_field');
      }
    }
    // Most calls are plain; most samples pass their schema (the rest fail equally both ways).
    expect(checked).toBeGreaterThan(100);
    expect(accepted).toBeGreaterThan(checked * 2);
  });

  it('refuses a reply that does not fit (as the library does), and strips unnamed fields of a matrix reply', () => {
    const schema = replySchema(getTopicScoreOverviewY.output);
    expect(() => compile(schema)({ errcode: 0, errmsg: '', data: { rows: 'x' } })).toThrow(ResponseSerializationError);
    const reply = {
      errcode: 0,
      errmsg: '',
      data: {
        rows: [
          {
            student_id: 's1',
            name: '生徒',
            number: '1',
            submitted: true,
            done: true,
            practice_count: 2,
            password: 'secret',
            cells: [{ topic_id: 1, best_score: 72.5, practice_count: 2, student_db_id: 9 }],
            average_score: 72.5,
          },
        ],
        total: 1,
        page: 1,
        limit: 5,
      },
    };
    const written = compile(schema)(reply);
    expect(JSON.parse(written)).toEqual({
      errcode: 0,
      errmsg: '',
      data: {
        rows: [
          {
            student_id: 's1',
            name: '生徒',
            number: '1',
            submitted: true,
            done: true,
            practice_count: 2,
            cells: [{ topic_id: 1, best_score: 72.5, practice_count: 2 }],
            average_score: 72.5,
          },
        ],
        total: 1,
        page: 1,
        limit: 5,
      },
    });
    expect(written).toBe(compileEncoding(schema)(reply));
  });
});
