import type { IncomingHttpHeaders } from 'node:http';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';

/**
 * The benches' clients ask for compressed replies as the web app's browser does (Chromium sends
 * this Accept-Encoding on every fetch), so replies over 1 KiB are measured as teachers get them;
 * BENCH_IDENTITY=1 asks for them uncompressed instead (docs/benchmarks.md, "Read caches").
 */
export const acceptEncoding: Record<string, string> = process.env.BENCH_IDENTITY
  ? {}
  : { 'accept-encoding': 'gzip, deflate, br, zstd' };

/** The reply body as written by the server, decompressed when it came compressed. */
export function decodedBody(headers: IncomingHttpHeaders, body: Buffer): Buffer {
  const encoding = headers['content-encoding'];
  if (encoding === 'br') return brotliDecompressSync(body);
  if (encoding === 'gzip') return gunzipSync(body);
  return body;
}

/**
 * The envelope's errcode, read from the start of the written JSON (`{"errcode":0,…`: the reply
 * serializer writes the envelope's keys in this order) instead of parsing the whole body: for a
 * 70 KB matrix reply JSON.parse cost the bench's one client process 1.5 ms per reply, which
 * capped what it could measure at about 650 answers a second whatever the server did.
 */
export function envelopeErrcode(body: Buffer): number | null {
  const match = /^\{"errcode":(-?\d+)/.exec(body.subarray(0, 32).toString());
  return match ? Number(match[1]) : null;
}
