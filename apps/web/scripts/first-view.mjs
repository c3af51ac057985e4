#!/usr/bin/env node
/**
 * First-view weight of the built web app (docs/benchmarks.md, "First view": its targets).
 *
 * Reads Vite's build manifest (apps/web/dist/.vite/manifest.json, `build.manifest` in
 * vite.config.ts) and computes, for each view below, the JS and CSS files a browser loads:
 * the entry chunk and its static imports, plus each lazy chunk the view opens (route modules,
 * layouts) with their static imports, transitively. Prints raw, gzip and brotli sizes (zlib,
 * level 9 / quality 11 like apps/server/scripts/compress-web.mjs) against the targets.
 *
 * Usage: npm run build -w @ondoku/web && npm run bench:first-view   (add --files for a file list)
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const distDir = join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const manifestPath = join(distDir, '.vite', 'manifest.json');
const showFiles = process.argv.includes('--files');

/**
 * The views we promise a budget for. `opens` lists the source modules (keys of the manifest)
 * the view loads lazily; a module that is not a chunk of its own (bundled into the entry, or
 * not present) is skipped, so the list stays valid whatever the splitting is.
 */
const login = [
  'src/app/layouts/auth-layout.tsx',
  'src/app/routes/login.tsx',
  // loaded when the login button is pressed (the RSA encryption of the password)
  'src/lib/server-key.ts',
  'src/lib/password-crypto.ts',
];
const views = [
  { name: 'login', entry: 'index.html', opens: login, targetGzip: 150 * 1024 },
  {
    name: 'login → homework list',
    entry: 'index.html',
    opens: [
      ...login,
      // the admin frame and the screen, both plain markup: antd's theme (ConfigProvider) loads with
      // the screens built with antd, and the notifier host (antd App: message, notification, modal)
      // with the first message or once such a screen is up (app/router.tsx, antdScreen)
      'src/app/layouts/admin-layout.tsx',
      'src/app/routes/homework-management.tsx',
    ],
    targetGzip: 250 * 1024,
  },
  // The children's app (/learn/, its own entry): sign-in and the homework list are in the entry;
  // the practice screen (the library's preview views with antd, the recorder) loads when opened.
  { name: 'learn: sign-in, list', entry: 'learn/index.html', opens: [], targetGzip: 120 * 1024 },
  {
    name: 'learn: → practice',
    entry: 'learn/index.html',
    opens: ['src/learn/screens/practice.tsx', 'src/lib/recorder/recorder.ts', 'src/lib/recorder/encoder-url.ts'],
    targetGzip: 300 * 1024,
  },
];

if (!existsSync(manifestPath)) {
  console.error(`No build manifest at ${manifestPath}: run \`npm run build -w @ondoku/web\` first.`);
  process.exit(1);
}
const manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
for (const view of views)
  if (!manifest[view.entry]?.isEntry) throw new Error(`manifest has no entry ${view.entry} (vite.config.ts input)`);

/** Every file (JS and CSS) a chunk brings: itself, its CSS, its static imports' files. */
function collect(key, files, seen = new Set()) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imp of chunk.imports ?? []) collect(imp, files, seen);
}

const sizes = new Map();
function sizeOf(file) {
  if (!sizes.has(file)) {
    const buf = readFileSync(join(distDir, file));
    sizes.set(file, {
      raw: buf.length,
      gzip: gzipSync(buf, { level: 9 }).length,
      brotli: brotliCompressSync(buf, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
      }).length,
    });
  }
  return sizes.get(file);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
const results = [];
for (const view of views) {
  const files = new Set();
  collect(view.entry, files);
  for (const key of view.opens) if (manifest[key]) collect(key, files);
  const list = [...files].map((file) => ({ file, ...sizeOf(file) }));
  const total = list.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip, brotli: t.brotli + f.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
  const js = list.filter((f) => f.file.endsWith('.js')).length;
  const css = list.filter((f) => f.file.endsWith('.css')).length;
  results.push({ view, list, total, js, css });
}

console.log(`First view (JS + CSS), from ${manifestPath.replace(process.cwd() + '/', '')}\n`);
console.log(
  `${'view'.padEnd(24)}${'files'.padStart(10)}${'raw'.padStart(10)}${'gzip'.padStart(10)}${'brotli'.padStart(10)}${'target gzip'.padStart(13)}  `,
);
let failed = false;
for (const { view, total, js, css } of results) {
  const ok = total.gzip <= view.targetGzip;
  failed ||= !ok;
  console.log(
    `${view.name.padEnd(24)}${`${js} js ${css} css`.padStart(10)}${kb(total.raw)}${kb(total.gzip)}${kb(total.brotli)}  ≤${kb(view.targetGzip).trim().padStart(10)}  ${ok ? 'ok' : 'OVER'}`,
  );
}
if (showFiles) {
  for (const { view, list } of results) {
    console.log(`\n${view.name}:`);
    for (const f of list.sort((a, b) => b.gzip - a.gzip))
      console.log(`  ${f.file.padEnd(48)}${kb(f.raw)}${kb(f.gzip)}${kb(f.brotli)}`);
  }
}
if (failed && process.argv.includes('--check')) process.exit(1);
