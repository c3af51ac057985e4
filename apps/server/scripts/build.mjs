// Bundles the server entry points (with the workspace packages inlined; npm packages stay
// external) and copies the SQL migrations next to the bundle, where db/migrate.ts looks.
import { existsSync } from 'node:fs';
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const here = new URL('..', import.meta.url);
const out = new URL('dist/', here);
await rm(out, { recursive: true, force: true });
await build({
  entryPoints: {
    server: new URL('src/server.ts', here).pathname,
    admin: new URL('src/cli/admin.ts', here).pathname,
    seed: new URL('src/cli/seed.ts', here).pathname,
    // The speech worker thread's entry; modules/evaluation/speech-service.ts looks for it here.
    'speech-worker': new URL('../../packages/speech/src/worker.ts', here).pathname,
  },
  outdir: out.pathname,
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  // Workspace packages are TypeScript source: bundle them; npm packages stay external.
  alias: {
    '@ondoku/contract': new URL('../../../packages/contract/src/index.ts', import.meta.url).pathname,
    '@ondoku/speech': new URL('../../../packages/speech/src/index.ts', import.meta.url).pathname,
  },
  sourcemap: true,
  logLevel: 'warning',
});
await cp(new URL('src/db/migrations', here), new URL('migrations', out), { recursive: true });
// The library's pictures, where modules/library/source.ts looks in the bundle (the material's
// own, and the test fixture's while material/index.ts installs the fixture).
for (const dir of ['src/modules/library/material/pictures', 'src/modules/library/test-fixtures/pictures']) {
  if (existsSync(new URL(dir, here)))
    await cp(new URL(dir, here), new URL('library-pictures', out), { recursive: true });
}
console.log('server built: apps/server/dist');
