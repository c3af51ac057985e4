import type { CSSProperties, ReactNode } from 'react';

/**
 * Score bands of the results screens: 80 and above good, 60 and above medium, below 60 bad
 * (docs/results.md). The same bands and colours as the library's previews and the shared
 * `Score` (@ondoku/ui); the legend's backgrounds and labels are the results screens' own.
 */
export type Band = 'good' | 'medium' | 'bad';
export const bandOf = (score: number): Band => (score >= 80 ? 'good' : score >= 60 ? 'medium' : 'bad');
export const bandColor: Record<Band, string> = { good: '#389e0d', medium: '#d48806', bad: '#cf1322' };
export const bandBackground: Record<Band, string> = { good: '#f6ffed', medium: '#fffbe6', bad: '#fff1f0' };
export const bandLabel: Record<Band, string> = { good: '80点以上', medium: '60〜79点', bad: '60点未満' };

/** Whole points (a child's score). */
export const points = (score: number) => `${Math.round(score)}点`;
export const DASH = '—';

export function BandLegend({ extra }: { extra?: ReactNode }) {
  return (
    <ul
      aria-label="色の見方"
      style={{ display: 'flex', gap: 12, listStyle: 'none', margin: 0, padding: 0, fontSize: 12, flexWrap: 'wrap' }}
    >
      {(['good', 'medium', 'bad'] as const).map((b) => (
        <li key={b} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <span
            aria-hidden
            style={{
              width: 12,
              height: 12,
              borderRadius: 2,
              background: bandBackground[b],
              border: `1px solid ${bandColor[b]}`,
            }}
          />
          {bandLabel[b]}
        </li>
      ))}
      {extra}
    </ul>
  );
}

export const muted = { color: 'rgba(0,0,0,0.55)' } as const;
export const th: CSSProperties = { padding: '6px 8px', fontWeight: 500, textAlign: 'left', whiteSpace: 'nowrap' };
export const td: CSSProperties = { padding: '6px 8px', borderTop: '1px solid #f0f0f0' };
export const num: CSSProperties = { ...td, textAlign: 'right', whiteSpace: 'nowrap' };
