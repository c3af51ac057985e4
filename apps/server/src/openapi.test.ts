import fs from 'node:fs';
import path from 'node:path';
import * as contract from '@ondoku/contract';
import { allCalls, type CallDef } from '@ondoku/contract';
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

describe('who owns which calls (docs/architecture.md)', () => {
  it("every call is registered by the module its tag names, in that module's routes.ts", () => {
    const modulesDir = path.join(import.meta.dirname, 'modules');
    const byName = contract as unknown as Record<string, CallDef | undefined>;
    const registered = new Map<CallDef, string>();
    for (const mod of fs.readdirSync(modulesDir)) {
      const file = path.join(modulesDir, mod, 'routes.ts');
      if (!fs.existsSync(file)) continue;
      const source = fs.readFileSync(file, 'utf8');
      for (const [, name] of source.matchAll(/\b(?:route|blobRoute|uploadRoute)\(\s*app,\s*(\w+)/g)) {
        const call = byName[name!];
        expect(call, `${mod}/routes.ts registers ${name}, which is not a contract call`).toBeDefined();
        expect(call!.tag, `${name} is registered by modules/${mod}`).toBe(mod);
        registered.set(call!, mod);
      }
    }
    const missing = allCalls.filter((c) => !registered.has(c)).map((c) => `${c.tag}: ${c.path}`);
    expect(missing).toEqual([]);
  });
});
