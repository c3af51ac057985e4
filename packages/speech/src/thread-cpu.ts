import { closeSync, openSync, readSync } from 'node:fs';

/**
 * CPU time of the calling thread in milliseconds (the speech workers measure their own work with
 * it), from Linux's `/proc/thread-self/schedstat` (nanoseconds on a CPU). The file is opened once
 * per thread (the path names the thread that opens it; a synchronous read runs on the calling
 * thread) and read again from offset 0 each time (≈ 2 µs). `undefined` where it is missing (not
 * Linux): the callers then fall back to wall time.
 */
export function threadCpuMs(): number | undefined {
  if (fd === null) return undefined;
  try {
    fd ??= openSync('/proc/thread-self/schedstat', 'r');
    const n = readSync(fd, buf, 0, buf.length, 0);
    const text = buf.toString('latin1', 0, n);
    const ns = Number(text.slice(0, text.indexOf(' ')));
    if (Number.isFinite(ns) && ns > 0) return ns / 1e6;
  } catch {
    // not Linux, or no schedstat: fall through
  }
  if (fd !== undefined) closeSync(fd);
  fd = null;
  return undefined;
}
/** undefined: not opened yet; null: not available. */
let fd: number | null | undefined;
const buf = Buffer.alloc(64);
