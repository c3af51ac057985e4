// `npm run typecheck`: every TypeScript project of the repo checked by `tsc -p`, two at a time (a
// 2-core machine checks two projects in about the time of the longest), each incremental with
// its build info under node_modules/.cache/tsc, so a second run rechecks only what changed.
// Exits non-zero when any project has errors; prints each project's output and time.
import { spawn } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import path from 'node:path';

const root = path.resolve(import.meta.dirname, '..');
// Longest first, so the last to start is a short one.
const projects = [
  'apps/web',
  'apps/server',
  'e2e',
  'apps/learn',
  'packages/ui',
  'packages/speech',
  'packages/contract',
];
const cacheDir = path.join(root, 'node_modules/.cache/tsc');
mkdirSync(cacheDir, { recursive: true });
const tsc = path.join(root, 'node_modules/typescript/bin/tsc');

function check(project) {
  const started = performance.now();
  const buildInfo = path.join(cacheDir, `${project.replaceAll('/', '-')}.tsbuildinfo`);
  return new Promise((resolve) => {
    const child = spawn(process.execPath, [tsc, '-p', project, '--incremental', '--tsBuildInfoFile', buildInfo], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let out = '';
    child.stdout.on('data', (d) => (out += d));
    child.stderr.on('data', (d) => (out += d));
    child.on('close', (code) => {
      const s = ((performance.now() - started) / 1000).toFixed(1);
      process.stdout.write(`tsc -p ${project}: ${code === 0 ? 'ok' : 'errors'} (${s} s)\n${out}`);
      resolve(code === 0);
    });
  });
}

const queue = [...projects];
const concurrency = Math.max(2, Math.min(availableParallelism() - 1, projects.length));
const results = await Promise.all(
  Array.from({ length: concurrency }, async () => {
    const ok = [];
    for (let p = queue.shift(); p; p = queue.shift()) ok.push(await check(p));
    return ok.every(Boolean);
  }),
);
process.exit(results.every(Boolean) ? 0 : 1);
