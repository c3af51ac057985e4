// speechocean762 (Zhang et al., Interspeech 2021, CC BY 4.0): reading the corpus from the folder
// named by SPEECHOCEAN_DIR (layout of the repository jimbozhang/speechocean762 at commit f22719f:
// WAVE/SPEAKERxxxx/*.WAV, dev/ = the train split, test/, each with utt2score, text, wav.scp,
// utt2spk, spk2age). Nothing of the corpus is kept in this repository.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { decodeWavTo16kMono } from '../src/audio/decode';

export type SpeechoceanSplit = 'train' | 'test';

export interface ExpertScores {
  total: number;
  accuracy: number;
  fluency: number;
  completeness: number;
  prosodic: number;
  /** Median word accuracy (0–10) per word of the text. */
  words: number[];
}

export interface SpeechoceanReading {
  id: string;
  speaker: string;
  age: number;
  text: string;
  wav: string;
  expert: ExpertScores;
}

/** Children: speakers aged 6–12 (the corpus's ages run 6–43). */
export const CHILD_MAX_AGE = 12;

/** The corpus folder, or undefined with a message on stderr (scripts then skip). */
export function speechoceanDir(): string | undefined {
  const dir = process.env.SPEECHOCEAN_DIR;
  if (!dir) {
    console.error('SPEECHOCEAN_DIR is not set: speechocean762 figures skipped (see packages/speech/README.md).');
    return undefined;
  }
  if (!existsSync(path.join(dir, 'test', 'utt2score'))) {
    console.error(`SPEECHOCEAN_DIR=${dir} has no test/utt2score: speechocean762 figures skipped.`);
    return undefined;
  }
  return dir;
}

export const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = s.length >> 1;
  return s.length % 2 ? s[m]! : (s[m - 1]! + s[m]!) / 2;
};

function table(file: string): Map<string, string> {
  const out = new Map<string, string>();
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^(\S+)\s+(.*)$/.exec(line.trim());
    if (m) out.set(m[1]!, m[2]!);
  }
  return out;
}

interface RawScore {
  text: string;
  total: number[];
  accuracy: number[];
  fluency: number[];
  completeness: number[];
  prosodic: number[];
  words: Array<{ text: string; accuracy: number[] }>;
}

export function readSplit(dir: string, split: SpeechoceanSplit): SpeechoceanReading[] {
  const d = path.join(dir, split === 'train' ? 'dev' : 'test');
  const scores = table(path.join(d, 'utt2score'));
  const text = table(path.join(d, 'text'));
  const wav = table(path.join(d, 'wav.scp'));
  const spk = table(path.join(d, 'utt2spk'));
  const age = table(path.join(d, 'spk2age'));
  const out: SpeechoceanReading[] = [];
  for (const [id, json] of scores) {
    const s = JSON.parse(json) as RawScore;
    const speaker = spk.get(id) ?? '';
    out.push({
      id,
      speaker,
      age: Number(age.get(speaker) ?? NaN),
      text: (text.get(id) ?? s.text).toLowerCase(),
      wav: path.join(dir, wav.get(id) ?? ''),
      expert: {
        total: median(s.total),
        accuracy: median(s.accuracy),
        fluency: median(s.fluency),
        completeness: median(s.completeness),
        prosodic: median(s.prosodic),
        words: s.words.map((w) => median(w.accuracy)),
      },
    });
  }
  return out.sort((a, b) => (a.id < b.id ? -1 : 1));
}

export function readAudio(r: SpeechoceanReading): Float32Array {
  return decodeWavTo16kMono(new Uint8Array(readFileSync(r.wav)));
}
