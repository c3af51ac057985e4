/**
 * One `bytes=` range of RFC 9110, section 14.1.2 (first-last, first-, -suffix), clamped to the file.
 * A header of another unit is ignored (undefined: the whole file); several ranges are answered
 * with the whole file (allowed by the RFC; players ask for one). Malformed or unsatisfiable
 * `bytes=` ranges are 'invalid' (416).
 */
export function parseRange(header: string, size: number): { start: number; end: number } | 'invalid' | undefined {
  const m = /^\s*bytes\s*=\s*(.*)$/i.exec(header);
  if (!m) return undefined;
  const spec = m[1]!.trim();
  if (spec.includes(',')) return undefined;
  const r = /^(\d*)\s*-\s*(\d*)$/.exec(spec);
  if (!r || (r[1] === '' && r[2] === '')) return 'invalid';
  if (size === 0) return 'invalid';
  if (r[1] === '') {
    const suffix = Number(r[2]);
    if (!Number.isSafeInteger(suffix) || suffix === 0) return 'invalid';
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(r[1]);
  const end = r[2] === '' ? size - 1 : Math.min(Number(r[2]), size - 1);
  if (!Number.isSafeInteger(start) || !Number.isFinite(end) || start >= size || end < start) return 'invalid';
  return { start, end };
}
