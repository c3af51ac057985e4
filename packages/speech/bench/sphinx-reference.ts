// Helpers to run Debian's pocketsphinx / sphinxbase tools as a reference (benchmarks and
// verification only; never a product dependency). Everything degrades to "unavailable".
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';

export function haveTool(name: string): boolean {
  return spawnSync('sh', ['-c', `command -v ${name}`]).status === 0;
}

/** Tries apt-get once when running as root; returns whether the tools are present afterwards. */
export function ensureSphinxTools(): boolean {
  if (haveTool('sphinx_fe') && haveTool('pocketsphinx_continuous')) return true;
  if (process.getuid?.() === 0 && haveTool('apt-get')) {
    spawnSync('apt-get', ['install', '-y', '-q', 'pocketsphinx', 'sphinxbase-utils'], {
      stdio: 'ignore',
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
      timeout: 300_000,
    });
  }
  return haveTool('sphinx_fe') && haveTool('pocketsphinx_continuous');
}

export const FE_ARGS = [
  '-lowerf',
  '130',
  '-upperf',
  '6800',
  '-nfilt',
  '25',
  '-transform',
  'dct',
  '-lifter',
  '22',
  '-dither',
  'no',
  '-remove_noise',
  'no',
  '-remove_silence',
  'no',
];

/** Cepstra (13 per frame) computed by sphinx_fe for a 16 kHz mono WAV file. */
export function sphinxCepstra(wavPath: string, outPath: string): Float32Array[] {
  execFileSync('sphinx_fe', ['-i', wavPath, '-o', outPath, '-mswav', 'yes', ...FE_ARGS], { stdio: 'ignore' });
  const buf = readFileSync(outPath);
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  let le = true;
  let n = view.getInt32(0, true);
  if (n * 4 + 4 !== buf.length) {
    le = false;
    n = view.getInt32(0, false);
  }
  const frames: Float32Array[] = [];
  for (let t = 0; t * 13 < n; t++) {
    const f = new Float32Array(13);
    for (let i = 0; i < 13; i++) f[i] = view.getFloat32(4 + (t * 13 + i) * 4, le);
    frames.push(f);
  }
  return frames;
}

export { existsSync };
