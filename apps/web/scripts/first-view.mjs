#!/usr/bin/env node
/**
 * First-view weight of the built web apps (docs/benchmarks.md): the teacher app (apps/web) and
 * the children's app (apps/learn, its own build served at /learn/).
 *
 * Reads each app's Vite build manifest (dist/.vite/manifest.json, `build.manifest` in its
 * vite.config.ts) and computes, for each view below, the JS and CSS files a browser loads:
 * the entry chunk and its static imports, plus each lazy chunk the view opens (route modules,
 * layouts) with their static imports, transitively. Prints raw, gzip and brotli sizes (zlib,
 * level 9 / quality 11 like apps/server/scripts/compress-web.mjs) against the targets.
 *
 * Usage: npm run build && npm run bench:first-view   (add --files for a file list)
 */
import { existsSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const appsDir = join(dirname(fileURLToPath(import.meta.url)), '..', '..');
/** Each app's build folder; a view names its app. */
const dists = { web: join(appsDir, 'web', 'dist'), learn: join(appsDir, 'learn', 'dist') };
const manifestOf = (app) => join(dists[app], '.vite', 'manifest.json');
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
  '../../packages/ui/src/password-crypto.ts',
];
const views = [
  { name: 'login', app: 'web', entry: 'index.html', opens: login, targetGzip: 150 * 1024 },
  {
    name: 'login → homework list',
    app: 'web',
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
  // The children's app (/learn/, its own build): sign-in and the homework list are in the entry;
  // the practice screen (the library's preview views with antd, the recorder) loads when opened.
  { name: 'learn: sign-in, list', app: 'learn', entry: 'index.html', opens: [], targetGzip: 120 * 1024 },
  {
    name: 'learn: → practice',
    app: 'learn',
    entry: 'index.html',
    opens: [
      'src/screens/practice.tsx',
      '../../packages/ui/src/recorder/recorder.ts',
      '../../packages/ui/src/recorder/encoder-url.ts',
    ],
    targetGzip: 300 * 1024,
  },
];

const manifests = {};
for (const app of Object.keys(dists)) {
  if (!existsSync(manifestOf(app))) {
    console.error(`No build manifest at ${manifestOf(app)}: run \`npm run build\` first.`);
    process.exit(1);
  }
  manifests[app] = JSON.parse(readFileSync(manifestOf(app), 'utf8'));
}
for (const view of views)
  if (!manifests[view.app][view.entry]?.isEntry)
    throw new Error(`${view.app}'s manifest has no entry ${view.entry} (vite.config.ts input)`);

/** Every file (JS and CSS) a chunk brings: itself, its CSS, its static imports' files. */
function collect(manifest, key, files, seen = new Set()) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`manifest has no chunk ${key}`);
  files.add(chunk.file);
  for (const css of chunk.css ?? []) files.add(css);
  for (const imp of chunk.imports ?? []) collect(manifest, imp, files, seen);
}

const sizes = new Map();
function sizeOf(app, file) {
  const path = join(dists[app], file);
  if (!sizes.has(path)) {
    const buf = readFileSync(path);
    sizes.set(path, {
      raw: buf.length,
      gzip: gzipSync(buf, { level: 9 }).length,
      brotli: brotliCompressSync(buf, {
        params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: buf.length },
      }).length,
    });
  }
  return sizes.get(path);
}

const kb = (n) => `${(n / 1024).toFixed(1)} KB`.padStart(10);
const results = [];
for (const view of views) {
  const files = new Set();
  const manifest = manifests[view.app];
  collect(manifest, view.entry, files);
  for (const key of view.opens) if (manifest[key]) collect(manifest, key, files);
  const list = [...files].map((file) => ({ file, ...sizeOf(view.app, file) }));
  const total = list.reduce((t, f) => ({ raw: t.raw + f.raw, gzip: t.gzip + f.gzip, brotli: t.brotli + f.brotli }), {
    raw: 0,
    gzip: 0,
    brotli: 0,
  });
  const js = list.filter((f) => f.file.endsWith('.js')).length;
  const css = list.filter((f) => f.file.endsWith('.css')).length;
  results.push({ view, list, total, js, css });
}

console.log(
  `First view (JS + CSS), from ${Object.keys(dists)
    .map((app) => manifestOf(app).replace(process.cwd() + '/', ''))
    .join(' and ')}\n`,
);
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
