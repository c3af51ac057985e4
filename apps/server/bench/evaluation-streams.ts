/**
 * Benchmark: N simultaneous clients stream a ~10 s reading in real time (10 chunks every 200 ms,
 * like the web recorder) to the evaluation websocket of a real app instance, and we measure the
 * delay between the last frame and the result, errors, and the process memory.
 * Run: npm run bench:streams [-- --streams 8]
 */
import type { AddressInfo } from 'node:net';
import { parseArgs } from 'node:util';
import { synthesize } from '@ondoku/speech';
import WebSocket from 'ws';
import { teacherWithToken } from '../src/test/factories.js';
import { buildTestApp } from '../src/test/test-app.js';

const { values } = parseArgs({ options: { streams: { type: 'string', default: '8' } } });
const STREAMS = Number(values.streams);
const TEXT =
  'Every morning my little brother and I walk to school together, and on the way we talk about our favourite animals and the games we will play after lunch.';

const t = await buildTestApp();
await t.app.listen({ port: 0, host: '127.0.0.1' });
const host = `127.0.0.1:${(t.app.server.address() as AddressInfo).port}`;
const { auth } = await teacherWithToken(t);
const speech = await synthesize({ text: TEXT, toneType: 2 });
const pcm = Int16Array.from(speech.samples, (x) => Math.round(Math.max(-1, Math.min(1, x)) * 32767));
console.log(`reading: ${(pcm.length / 16000).toFixed(1)} s of audio, ${STREAMS} simultaneous streams`);

const warm = Date.now();
await (t.app as unknown as { evaluationSessions: Set<unknown> }).evaluationSessions; // app ready
const url = async () =>
  (await t.app.inject({ method: 'GET', url: '/api/v2/new-evaluation-service', headers: { ...auth, host } })).json().data
    .evaluation_server_url as string;

async function stream(): Promise<{ latency: number; score: number }> {
  const ws = new WebSocket(await url());
  await new Promise((r) => ws.once('open', r));
  ws.send(
    JSON.stringify({ cmd: 'ssb', category: 'read_sentence', aue: 'raw', language: 'en_us', text: TEXT, audio: '' }),
  );
  const reply = new Promise<{ code: number; result?: { total_score: number } }>((resolve) =>
    ws.once('message', (d) => resolve(JSON.parse(d.toString()))),
  );
  const step = 3200; // 200 ms per send
  for (let i = 0; i < pcm.length; i += step) {
    const c = pcm.subarray(i, i + step);
    ws.send(
      JSON.stringify({
        cmd: 'auw',
        status: 1,
        audio: Buffer.from(c.buffer, c.byteOffset, c.byteLength).toString('base64'),
      }),
    );
    await new Promise((r) => setTimeout(r, 200));
  }
  const last = performance.now();
  ws.send(JSON.stringify({ cmd: 'auw', status: 2, audio: '' }));
  const r = await reply;
  const latency = performance.now() - last;
  ws.close();
  if (r.code !== 0) throw new Error(`code ${r.code}`);
  return { latency, score: r.result!.total_score };
}

// One stream alone first (warms the workers), then N together.
const single = await stream();
console.log(
  `single stream: result ${single.latency.toFixed(0)} ms after the last frame (score ${single.score}); warm-up ${Date.now() - warm} ms`,
);
const results = await Promise.allSettled(Array.from({ length: STREAMS }, () => stream()));
const ok = results.filter(
  (r): r is PromiseFulfilledResult<{ latency: number; score: number }> => r.status === 'fulfilled',
);
const lat = ok.map((r) => r.value.latency).sort((a, b) => a - b);
console.log(`${STREAMS} streams: ${ok.length} ok, ${results.length - ok.length} errors`);
if (lat.length)
  console.log(
    `latency after last frame: median ${lat[Math.floor(lat.length / 2)]!.toFixed(0)} ms, max ${lat.at(-1)!.toFixed(0)} ms`,
  );
console.log(
  `server process RSS ${(process.memoryUsage().rss / 1e6).toFixed(0)} MB (workers are threads of this process)`,
);
await t.close();
