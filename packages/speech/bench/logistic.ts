// Weighted L2-penalised logistic regression (bench/calibrate-omission.ts, calibrate-omission-real.ts).
export type Model = { bias: number; coef: number[]; p: (x: number[]) => number };
/** Weighted L2-penalised logistic regression on standardised features, by Newton's method
 *  (iteratively reweighted least squares): converges in a few dozen steps. */
export function fitLogistic(
  X: number[][],
  idx: number[],
  y: (i: number) => number,
  weight: (i: number) => number,
  L2: number,
): Model {
  const d = X[0]!.length;
  const mean = Array.from({ length: d }, (_, j) => idx.reduce((s, i) => s + X[i]![j]!, 0) / idx.length);
  const std = Array.from(
    { length: d },
    (_, j) => Math.sqrt(idx.reduce((s, i) => s + (X[i]![j]! - mean[j]!) ** 2, 0) / idx.length) || 1,
  );
  const D = d + 1; // bias last
  const Z = idx.map((i) => [...X[i]!.map((v, j) => (v - mean[j]!) / std[j]!), 1]);
  const wsum = idx.reduce((s, i) => s + weight(i), 0);
  const W = idx.map((i) => weight(i) / wsum);
  const Y = idx.map((i) => y(i));
  const w = new Array<number>(D).fill(0);
  for (let it = 0; it < 50; it++) {
    const g = new Array<number>(D).fill(0);
    const H = Array.from({ length: D }, () => new Array<number>(D).fill(0));
    Z.forEach((z, k) => {
      let zw = 0;
      for (let j = 0; j < D; j++) zw += z[j]! * w[j]!;
      const p = 1 / (1 + Math.exp(-Math.max(-30, Math.min(30, zw))));
      const e = W[k]! * (p - Y[k]!);
      const h = W[k]! * p * (1 - p);
      for (let j = 0; j < D; j++) {
        g[j]! += e * z[j]!;
        const hz = h * z[j]!;
        const row = H[j]!;
        for (let l = j; l < D; l++) row[l]! += hz * z[l]!;
      }
    });
    for (let j = 0; j < D; j++) {
      for (let l = 0; l < j; l++) H[j]![l] = H[l]![j]!;
      if (j < d) {
        g[j]! += L2 * w[j]!;
        H[j]![j]! += L2;
      }
      H[j]![j]! += 1e-9;
    }
    const step = solve(H, g);
    let max = 0;
    for (let j = 0; j < D; j++) {
      w[j]! -= step[j]!;
      max = Math.max(max, Math.abs(step[j]!));
    }
    if (max < 1e-6) break;
  }
  // Fold the standardisation into the weights: logit = b + Σ c_j · x_j.
  const coef = w.slice(0, d).map((v, j) => v / std[j]!);
  const bias = w[d]! - w.slice(0, d).reduce((s, v, j) => s + (v * mean[j]!) / std[j]!, 0);
  return { bias, coef, p: (x) => 1 / (1 + Math.exp(-(bias + x.reduce((s, v, j) => s + v * coef[j]!, 0)))) };
}

/** Solves A·x = b (A symmetric positive definite) by Gaussian elimination with partial pivoting. */
function solve(A: number[][], b: number[]): number[] {
  const n = b.length;
  const M = A.map((row, i) => [...row, b[i]!]);
  for (let c = 0; c < n; c++) {
    let piv = c;
    for (let r = c + 1; r < n; r++) if (Math.abs(M[r]![c]!) > Math.abs(M[piv]![c]!)) piv = r;
    [M[c], M[piv]] = [M[piv]!, M[c]!];
    for (let r = c + 1; r < n; r++) {
      const f = M[r]![c]! / M[c]![c]!;
      if (f !== 0) for (let k = c; k <= n; k++) M[r]![k]! -= f * M[c]![k]!;
    }
  }
  const x = new Array<number>(n).fill(0);
  for (let r = n - 1; r >= 0; r--) {
    let v = M[r]![n]!;
    for (let k = r + 1; k < n; k++) v -= M[r]![k]! * x[k]!;
    x[r] = v / M[r]![r]!;
  }
  return x;
}
