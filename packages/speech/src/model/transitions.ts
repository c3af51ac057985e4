// HMM transition matrices. The file stores, per matrix, (nState-1) rows of nState columns; the
// last column is the non-emitting exit state. Rows are stored as counts here, so each row is
// normalised to probabilities before taking logs.
import { Cursor, readS3File } from './s3-file';

/** logProb[tmat][from * (nEmit+1) + to], -Infinity where a transition does not exist. */
export interface TransitionMatrices {
  nEmit: number;
  logProb: Float32Array[];
}

export function readTransitionMatrices(bytes: Uint8Array, name: string): TransitionMatrices {
  const f = readS3File(bytes, name);
  const c = new Cursor(f.view, f.offset, f.littleEndian);
  const nTmat = c.int32();
  const nRows = c.int32();
  const nCols = c.int32();
  const total = c.int32();
  if (total !== nTmat * nRows * nCols || nCols !== nRows + 1) throw new Error(`${name}: bad dimensions`);
  const logProb: Float32Array[] = [];
  for (let t = 0; t < nTmat; t++) {
    const m = c.floats(nRows * nCols);
    for (let r = 0; r < nRows; r++) {
      let sum = 0;
      for (let k = 0; k < nCols; k++) sum += m[r * nCols + k] ?? 0;
      for (let k = 0; k < nCols; k++) {
        const p = (m[r * nCols + k] ?? 0) / (sum || 1);
        m[r * nCols + k] = p > 0 ? Math.log(p) : -Infinity;
      }
    }
    logProb.push(m);
  }
  return { nEmit: nRows, logProb };
}
