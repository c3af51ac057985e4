#!/usr/bin/env node
// `npm start`: runs the built server (dist/server.js) with glibc's malloc told to keep fewer
// arenas and to give freed memory back (docs/first-start.md, "Memory after the first start"):
// the first start's speech workers and the library's audio files leave their freed memory in
// per-thread arenas otherwise, 110 MB more than after a restart. glibc reads these only when a
// process starts, so this small launcher sets them and starts the server as its child; elsewhere
// (macOS, Windows) it only starts the server. Signals are passed on and the server's exit code
// is this process's.
import { spawn } from 'node:child_process';
import path from 'node:path';

const server = path.resolve(import.meta.dirname, '../dist/server.js');
const env = { ...process.env };
if (process.platform === 'linux') {
  env.MALLOC_ARENA_MAX ??= '2';
  env.MALLOC_TRIM_THRESHOLD_ ??= '131072';
}
const child = spawn(process.execPath, [...process.execArgv, server, ...process.argv.slice(2)], {
  env,
  stdio: 'inherit',
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => child.kill(signal));
child.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
