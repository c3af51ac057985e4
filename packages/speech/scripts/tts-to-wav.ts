// Dev helper: synthesise a sentence into a 16 kHz WAV with half a second of room noise around it.
// usage: tsx scripts/tts-to-wav.ts "<text>" out.wav [toneType] [speed]
import { writeFileSync } from 'node:fs';
import { synthesize } from '../src/tts/synthesize';
import { writeWav } from '../src/audio/wav';
const [text, out, tone, speed] = process.argv.slice(2);
const r = await synthesize({ text: text!, toneType: Number(tone ?? 1), speed: Number(speed ?? 1) });
// half a second of room noise before and after, like a real recording
const pad = new Float32Array(r.samples.length + 16000);
let seed = 7;
for (let i = 0; i < pad.length; i++) {
  seed = (seed * 1103515245 + 12345) & 0x7fffffff;
  pad[i] = (seed / 0x7fffffff - 0.5) * 0.004;
}
for (let i = 0; i < r.samples.length; i++) pad[i + 8000]! += r.samples[i]!;
writeFileSync(out!, writeWav(pad, 16000));
