// Bundles the server entry points (with the workspace packages inlined; npm packages stay
// external) and copies the SQL migrations next to the bundle, where db/migrate.ts looks.
import { cp, rm } from 'node:fs/promises';
import { build } from 'esbuild';

const here = new URL('..', import.meta.url);
const out = new URL('dist/', here);
await rm(out, { recursive: true, force: true });
await build({
  entryPoints: ['src/server.ts', 'src/cli/admin.ts', 'src/cli/seed.ts'].map((p) => new URL(p, here).pathname),
  outdir: out.pathname,
  entryNames: '[name]',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  alias: { '@ondoku/contract': new URL('../../../packages/contract/src/index.ts', import.meta.url).pathname },
  sourcemap: true,
  logLevel: 'warning',
});
await cp(new URL('src/db/migrations', here), new URL('migrations', out), { recursive: true });
console.log('server built: apps/server/dist');
