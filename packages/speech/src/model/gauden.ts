// Gaussian codebooks (means and variances files). For this model (-model ptm) there is one
// codebook per context-independent phone, each with 3 feature streams of 128 diagonal Gaussians.
import { Cursor, readS3File } from './s3-file';

export interface GaussianParams {
  nCodebooks: number;
  nStreams: number;
  density: number;
  streamLengths: number[];
  /** values[codebook][stream] flattened as density × veclen. */
  values: Float32Array[][];
}

export function readGaussianParams(bytes: Uint8Array, name: string): GaussianParams {
  const f = readS3File(bytes, name);
  const c = new Cursor(f.view, f.offset, f.littleEndian);
  const nCodebooks = c.int32();
  const nStreams = c.int32();
  const density = c.int32();
  const streamLengths: number[] = [];
  for (let s = 0; s < nStreams; s++) streamLengths.push(c.int32());
  const total = c.int32();
  const expected = nCodebooks * density * streamLengths.reduce((a, b) => a + b, 0);
  if (total !== expected) throw new Error(`${name}: expected ${expected} values, header says ${total}`);
  const values: Float32Array[][] = [];
  for (let g = 0; g < nCodebooks; g++) {
    const perStream: Float32Array[] = [];
    for (let s = 0; s < nStreams; s++) perStream.push(c.floats(density * (streamLengths[s] ?? 0)));
    values.push(perStream);
  }
  return { nCodebooks, nStreams, density, streamLengths, values };
}
