// Mixture weights in the compact "sendump" form. The file starts with its own description:
// length-prefixed header strings ending with a zero length, then #codewords and #pdfs, then for
// each feature stream and each codeword one byte per senone. Without clustering
// (cluster_count 0) each byte is a quantised negative log weight: w = 1.0001^-(byte << 10),
// i.e. ln w = -byte · 1024 · ln(1.0001). The loader checks that the weights sum to ~1.

export interface MixtureWeights {
  nSenones: number;
  nStreams: number;
  density: number;
  /** Quantised weights q (ln w = −q · SENDUMP_LOG_SCALE), laid out [senone][stream][codeword]. */
  weightQ: Uint8Array;
}

export const SENDUMP_LOG_SCALE = 1024 * Math.log(1.0001);

export function readSendump(bytes: Uint8Array, nStreams: number): MixtureWeights {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  let o = 0;
  const headers: string[] = [];
  for (;;) {
    const len = view.getInt32(o, true);
    o += 4;
    if (len === 0) break;
    headers.push(new TextDecoder('latin1').decode(bytes.subarray(o, o + len - 1)));
    o += len;
  }
  const opt = (k: string) => headers.find((h) => h.startsWith(k + ' '))?.slice(k.length + 1);
  if (Number(opt('cluster_count') ?? 0) !== 0) throw new Error('sendump: clustered weights are not supported');
  const nCodewords = view.getInt32(o, true);
  const nSenones = view.getInt32(o + 4, true);
  o += 8;
  const weightQ = new Uint8Array(nSenones * nStreams * nCodewords);
  for (let f = 0; f < nStreams; f++) {
    for (let k = 0; k < nCodewords; k++) {
      for (let s = 0; s < nSenones; s++) {
        const q = bytes[o++]!;
        weightQ[(s * nStreams + f) * nCodewords + k] = q;
      }
    }
  }
  if (o > bytes.length) throw new Error('sendump: truncated');
  return { nSenones, nStreams, density: nCodewords, weightQ };
}
