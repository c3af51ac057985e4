import type { CSSProperties, ReactNode } from 'react';

/**
 * Small building blocks of the self-practice screen. Spec §9 score colouring (80 and above good,
 * 60 and above medium, below 60 bad), the same colours as the results screens; features do not
 * import each other, so they are repeated here.
 */
type Band = 'good' | 'medium' | 'bad';
const bandOf = (score: number): Band => (score >= 80 ? 'good' : score >= 60 ? 'medium' : 'bad');
const bandColor: Record<Band, string> = { good: '#389e0d', medium: '#d48806', bad: '#cf1322' };
export const DASH = '—';

export const panel: CSSProperties = { background: '#fff', border: '1px solid #e8ecea', borderRadius: 8, padding: 16 };
export const muted = { color: 'rgba(0,0,0,0.55)' } as const;

/** Whole points (a child's score), or one decimal (an average), coloured by the number shown. */
export function Score({ value, average = false }: { value: number | null | undefined; average?: boolean }) {
  if (value === null || value === undefined) return <span style={{ color: 'rgba(0,0,0,0.35)' }}>{DASH}</span>;
  const shown = average ? Math.round(value * 10) / 10 : Math.round(value);
  const band = bandOf(shown);
  return (
    <strong data-band={band} style={{ color: bandColor[band], fontWeight: 600 }}>
      {average ? shown.toFixed(1) : shown}点
    </strong>
  );
}

/** Recorded time as a teacher reads it: 45秒, 12分30秒, 1時間5分. */
export function duration(ms: number) {
  const s = Math.round(ms / 1000);
  if (s < 60) return `${s}秒`;
  const m = Math.floor(s / 60);
  if (m < 60) return s % 60 ? `${m}分${s % 60}秒` : `${m}分`;
  return `${Math.floor(m / 60)}時間${m % 60}分`;
}

export function Section({ title, extra, children }: { title: string; extra?: ReactNode; children: ReactNode }) {
  return (
    <section style={panel} aria-label={title}>
      <div style={{ display: 'flex', alignItems: 'center', gap: 12, marginBottom: 12 }}>
        <h2 style={{ fontSize: 15, margin: 0, flex: 1 }}>{title}</h2>
        {extra}
      </div>
      {children}
    </section>
  );
}
