import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The evaluator's identity: the acoustic model's files and the evaluator's code (the package's
 * TypeScript source, or the bundled speech worker next to the server bundle where the source is
 * not shipped).
 */
export function evaluatorFingerprint(modelDir?: string): Promise<string> {
  const key = modelDir ?? '';
  let p = known.get(key);
  if (!p) {
    p = fingerprintOf(modelDir);
    known.set(key, p);
  }
  return p;
}

/** Read once per process and model folder: the files do not change while it runs. */
const known = new Map<string, Promise<string>>();

async function fingerprintOf(modelDir: string | undefined): Promise<string> {
  const h = createHash('sha256');
  const here = path.dirname(fileURLToPath(import.meta.url));
  const bundled = path.join(here, 'speech-worker.js');
  const root = existsSync(bundled) ? path.resolve(here, '../../..') : path.resolve(here, '../../../../..');
  const source = path.join(root, 'packages/speech/src');
  const model = modelDir ?? path.join(root, 'packages/speech/model');
  const files: string[] = [];
  const walk = async (dir: string) => {
    for (const e of (await fs.readdir(dir, { withFileTypes: true }).catch(() => [])).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else files.push(p);
    }
  };
  // The evaluator's TypeScript source wherever it is there (the bundle is built from it by `npm
  // start` and `npm test`), so the bundled server, the seed and the tests share one identity and
  // one cache of checks and demo results; the bundled worker itself only where the source is not.
  if (existsSync(source)) await walk(source);
  else files.push(bundled);
  await walk(model);
  for (const f of files) h.update(path.basename(f)).update(await fs.readFile(f));
  return h.digest('hex').slice(0, 16);
}
