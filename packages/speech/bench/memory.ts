// Memory per worker: bundles bench/memory-probe.ts with esbuild (as the server bundles its worker)
// and runs it with plain node in a child process, so the figure is not inflated by tsx.
import { execFileSync } from 'node:child_process';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

const here = path.dirname(fileURLToPath(import.meta.url));

export interface MemoryProbe {
  rssMb: number;
  baseRssMb: number;
  heapMb: number;
  externalMb: number;
}

export async function measureWorkerMemory(): Promise<MemoryProbe> {
  // Inside the package (node_modules resolution of the external packages works from there;
  // node_modules is ignored by git and the linters).
  const outDir = path.join(here, '..', 'node_modules', '.cache', 'ondoku-bench');
  mkdirSync(outDir, { recursive: true });
  const outfile = path.join(outDir, 'memory-probe.mjs');
  await build({
    entryPoints: [path.join(here, 'memory-probe.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile,
    external: ['@echogarden/espeak-ng-emscripten', 'cmu-pronouncing-dictionary', 'esbuild'],
    logLevel: 'silent',
  });
  const out = execFileSync(process.execPath, ['--expose-gc', outfile], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'inherit'],
    // no BENCH_CACHE: the probe must really synthesise (a worker runs TTS too)
    env: { ...process.env, BENCH_CACHE: '', ONDOKU_SPEECH_MODEL_DIR: path.join(here, '..', 'model') },
  });
  return JSON.parse(out) as MemoryProbe;
}
