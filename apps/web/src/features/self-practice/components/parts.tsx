/** Small building blocks of the self-practice screen (the shared ones are @ondoku/ui's). */
export const DASH = '—';
export const muted = { color: 'rgba(0,0,0,0.55)' } as const;

/** Recorded time as a teacher reads it: 45秒, 12分30秒, 1時間5分. */
export function duration(ms: number) {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}秒`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m}分${s % 60}秒` : `${m}分`;
  return `${Math.floor(m / 60)}時間${m % 60}分`;
}
