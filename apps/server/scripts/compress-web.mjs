// Pre-compresses the built web apps (apps/web/dist, the teacher app, and apps/learn/dist, the
// children's app) for plugins/web.ts, which serves `x.br` or
// `x.gz` in place of `x` when the browser accepts it (@fastify/static preCompressed): brotli at
// its best quality and gzip level 9, done once here instead of on every request. Files under
// 1 KiB or that do not shrink are left alone.
import { readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import zlib from 'node:zlib';

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);
const dists = ['../../web/dist', '../../learn/dist'].map((d) => path.resolve(import.meta.dirname, d));
const compressible = /\.(html|js|mjs|css|svg|json|txt|map|wasm|ico|xml)$/;

let files = 0;
let before = 0;
let after = 0;
const entries = (await Promise.all(dists.map((d) => readdir(d, { recursive: true, withFileTypes: true })))).flat();
for (const entry of entries) {
  if (!entry.isFile()) continue;
  const file = path.join(entry.parentPath, entry.name);
  if (/\.(br|gz)$/.test(file)) {
    await rm(file); // from an earlier run of this script
    continue;
  }
  if (!compressible.test(file) || (await stat(file)).size < 1024) continue;
  const data = await readFile(file);
  const br = await brotli(data, {
    params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11, [zlib.constants.BROTLI_PARAM_SIZE_HINT]: data.length },
  });
  const gz = await gzip(data, { level: 9 });
  if (br.length < data.length) await writeFile(`${file}.br`, br);
  if (gz.length < data.length) await writeFile(`${file}.gz`, gz);
  files++;
  before += data.length;
  after += br.length;
}
console.log(
  `web apps pre-compressed: ${files} files, ${(before / 1024).toFixed(0)} KiB → ${(after / 1024).toFixed(0)} KiB brotli`,
);
