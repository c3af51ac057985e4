import { allCalls } from '@ondoku/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './test/test-app.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

interface OpenApiDoc {
  paths: Record<string, Record<string, { security?: unknown[] }>>;
}

describe('OpenAPI document', () => {
  it('describes every call of the contract', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDoc;
    for (const call of allCalls) {
      expect(doc.paths[call.path]?.[call.method.toLowerCase()], `${call.method} ${call.path}`).toBeDefined();
    }
  });

  it('every non-public call answers 401 without a token', async () => {
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as OpenApiDoc;
    const guarded = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.entries(ops)
        .filter(([, op]) => op.security?.length)
        .map(([method]) => ({ path, method: method.toUpperCase() as 'GET' | 'POST' })),
    );
    const publicPaths = new Set(allCalls.filter((c) => c.access === 'public').map((c) => c.path));
    expect(guarded.length).toBe(allCalls.length - publicPaths.size);
    for (const { path, method } of guarded) {
      const res = await t.app.inject({ method, url: path, payload: method === 'POST' ? {} : undefined });
      expect(res.statusCode, `${method} ${path}`).toBe(401);
      expect(res.json().errcode).toBe(40100);
    }
  });
});
