// Helpers to run Debian's pocketsphinx / sphinxbase tools as a reference (benchmarks and
// verification only; never a product dependency). Everything degrades to "unavailable".
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';

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

/** Pocketsphinx search scores are in log base 1.0001 shifted right by 10 bits (SENSCR_SHIFT). */
export const SPHINX_SCORE_NATS = 1024 * Math.log(1.0001);

export interface SphinxSegment {
  word: string;
  /** Frames, inclusive. */
  start: number;
  end: number;
  /** Acoustic score (emissions and HMM transitions), in nats. */
  ascr: number;
}

/**
 * Runs `pocketsphinx_batch` on one cepstral file (`<dir>/<id>.mfc`, e.g. from sphinxCepstra: full
 * utterance, batch CMN as in feat.params) and returns the backtrace segments (NULL transitions
 * dropped). `-compallsen yes` scores every senone in every frame, so the per-frame normalisation
 * of the senone scores is the same in every run on the same audio.
 */
export function sphinxBacktrace(
  modelDir: string,
  dir: string,
  id: string,
  args: string[],
  senoneLogDir?: string,
): SphinxSegment[] {
  writeFileSync(path.join(dir, `${id}.ctl`), `${id}\n`);
  if (senoneLogDir) {
    rmSync(senoneLogDir, { recursive: true, force: true });
    mkdirSync(senoneLogDir, { recursive: true });
    args = [...args, '-senlogdir', senoneLogDir];
  }
  const r = spawnSync(
    'pocketsphinx_batch',
    [
      '-ctl',
      path.join(dir, `${id}.ctl`),
      '-cepdir',
      dir,
      '-cepext',
      '.mfc',
      '-hmm',
      modelDir,
      '-backtrace',
      'yes',
      '-compallsen',
      'yes',
      '-bestpath',
      'no',
      '-fwdflat',
      'no',
      ...args,
    ],
    { encoding: 'utf8', maxBuffer: 64 << 20, timeout: 120_000 },
  );
  if (r.status !== 0) throw new Error(`pocketsphinx_batch failed (${r.status})`);
  const segs: SphinxSegment[] = [];
  let inTable = false;
  for (const line of `${r.stderr}\n${r.stdout}`.split('\n')) {
    if (/^word\s+start\s+end\s+pprob\s+ascr/.test(line)) {
      inTable = true;
      segs.length = 0;
      continue;
    }
    if (!inTable) continue;
    const m = /^(\S+)\s+(\d+)\s+(\d+)\s+[\d.]+\s+(-?\d+)\s+(-?\d+)\s+(-?\d+)\s*$/.exec(line);
    if (!m) {
      inTable = false;
      continue;
    }
    if (m[1] === '(NULL)' || m[1] === '<s>' || m[1] === '</s>') continue;
    segs.push({ word: m[1]!, start: Number(m[2]), end: Number(m[3]), ascr: Number(m[4]) * SPHINX_SCORE_NATS });
  }
  return segs;
}

/**
 * Forced alignment by a one-path JSGF grammar with optional silence between the units: each unit
 * is a dictionary "word" `<prefix><i>` with the given phones. With one phone per unit (prefix
 * "p") pocketsphinx reports phone boundaries; its triphones are then those of single-phone words
 * (word position "s"). With the real words (prefix "w") it uses word-internal triphones, as ours.
 * Returns all segments, silences and fillers included.
 */
export function sphinxForced(
  modelDir: string,
  dir: string,
  id: string,
  units: string[][],
  prefix: 'p' | 'w',
): SphinxSegment[] {
  const names = units.map((_, i) => `${prefix}${i}`);
  const dict = path.join(dir, `${id}.dict`);
  const gram = path.join(dir, `${id}.jsgf`);
  writeFileSync(dict, names.map((nm, i) => `${nm} ${units[i]!.join(' ')}`).join('\n') + '\nsilence SIL\n');
  writeFileSync(
    gram,
    `#JSGF V1.0;\ngrammar g;\npublic <s> = ${names.map((x) => `[silence] ${x}`).join(' ')} [silence];\n`,
  );
  return sphinxBacktrace(modelDir, dir, id, ['-dict', dict, '-jsgf', gram, '-wip', '1']);
}

export interface SphinxMdefPhone {
  base: string;
  left: string;
  right: string;
  wpos: string;
  tmat: number;
  senones: number[];
}

/** The model definition as pocketsphinx reads it (`pocketsphinx_mdef_convert -text`), phones in file order. */
export function sphinxMdef(modelDir: string, outPath: string): SphinxMdefPhone[] {
  execFileSync('pocketsphinx_mdef_convert', ['-text', path.join(modelDir, 'mdef'), outPath], { stdio: 'ignore' });
  const phones: SphinxMdefPhone[] = [];
  for (const line of readFileSync(outPath, 'utf8').split('\n')) {
    if (line.startsWith('#')) continue;
    const f = line.trim().split(/\s+/);
    if (f.length < 9 || f[f.length - 1] !== 'N') continue;
    phones.push({
      base: f[0]!,
      left: f[1]!,
      right: f[2]!,
      wpos: f[3]!,
      tmat: Number(f[5]),
      senones: f.slice(6, -1).map(Number),
    });
  }
  return phones;
}

/**
 * Free context-independent phone loop (`-allphone` with `-allphone_ci yes`). The "phonetic LM" is a
 * uniform unigram over all CI phones (fillers included), so with `-lw 1` every phone costs
 * ln(1/N) + ln(wip): the wip is set so that this equals our phone insertion penalty.
 */
export function sphinxPhoneLoop(
  modelDir: string,
  dir: string,
  id: string,
  ciPhones: string[],
  insertionPenaltyNats: number,
  senoneLogDir?: string,
): SphinxSegment[] {
  const lm = path.join(dir, 'uniform-phones.arpa');
  const lp = Math.log10(1 / ciPhones.length);
  writeFileSync(
    lm,
    `\\data\\\nngram 1=${ciPhones.length}\n\n\\1-grams:\n${ciPhones.map((p) => `${lp.toFixed(6)} ${p}`).join('\n')}\n\n\\end\\\n`,
  );
  const wip = Math.exp(insertionPenaltyNats - Math.log(1 / ciPhones.length));
  return sphinxBacktrace(
    modelDir,
    dir,
    id,
    ['-allphone', lm, '-allphone_ci', 'yes', '-lw', '1', '-wip', wip.toExponential(6)],
    senoneLogDir,
  );
}

/**
 * Per-frame senone scores pocketsphinx logged with `-senlogdir` (the only file in that folder):
 * text header up to "endhdr\n", byte-order word, then per frame int16 n_active and (with
 * -compallsen, all senones active) n_sen int16 negated scores, best senone of the frame = 0.
 * Returned as log-likelihoods in nats, frame-major: data[t * nSenones + s].
 */
export function readSenoneLog(senoneLogDir: string): { nSenones: number; nFrames: number; data: Float32Array } {
  const files = readdirSync(senoneLogDir).filter((f) => f.endsWith('.sen'));
  if (files.length !== 1) throw new Error(`expected one senone log in ${senoneLogDir}, found ${files.length}`);
  const buf = readFileSync(path.join(senoneLogDir, files[0]!));
  const hdrEnd = buf.indexOf('endhdr\n');
  if (hdrEnd < 0) throw new Error('senone log: no header');
  const nSenones = Number(/n_sen\s+(\d+)/.exec(buf.subarray(0, hdrEnd).toString('latin1'))?.[1]);
  let o = hdrEnd + 7;
  const view = new DataView(buf.buffer, buf.byteOffset, buf.byteLength);
  const le = view.getUint32(o, true) === 0x11223344;
  o += 4;
  const rows: Float32Array[] = [];
  while (o + 2 <= buf.length) {
    const nActive = view.getInt16(o, le);
    o += 2;
    if (nActive !== nSenones) throw new Error('senone log: not all senones scored (use -compallsen yes)');
    const row = new Float32Array(nSenones);
    for (let s = 0; s < nSenones; s++) row[s] = -view.getInt16(o + 2 * s, le) * SPHINX_SCORE_NATS;
    o += 2 * nSenones;
    rows.push(row);
  }
  const data = new Float32Array(rows.length * nSenones);
  rows.forEach((r, t) => data.set(r, t * nSenones));
  return { nSenones, nFrames: rows.length, data };
}
