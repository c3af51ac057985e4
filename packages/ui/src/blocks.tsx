import type { CSSProperties, ReactNode } from 'react';
import { bandColors, scoreBand } from './preview/results';

/**
 * The building blocks both apps' screens share: the white panel, a titled section on it, a
 * score coloured by its band (80 and above good, 60 and above medium, below 60 bad: the
 * library's previews' colours, preview/results.ts) and a labelled figure.
 */
export const panel: CSSProperties = { background: '#fff', border: '1px solid #e8ecea', borderRadius: 8, padding: 16 };

const muted: CSSProperties = { color: 'rgba(0,0,0,0.55)' };
const DASH = '—';

/** Whole points (a child's score), or one decimal (an average), coloured by the number shown. */
export function Score({
  value,
  average = false,
  style,
}: {
  value: number | null | undefined;
  average?: boolean;
  style?: CSSProperties;
}) {
  if (value === null || value === undefined) return <span style={{ color: 'rgba(0,0,0,0.35)' }}>{DASH}</span>;
  // Coloured by the number shown: 79.6 shown as 80点 is good, like 80.
  const shown = average ? Math.round(value * 10) / 10 : Math.round(value);
  const band = scoreBand(shown);
  return (
    <strong data-band={band} style={{ color: bandColors[band], fontWeight: 600, ...style }}>
      {average ? shown.toFixed(1) : shown}点
    </strong>
  );
}

/** A section of a page: a heading, what goes beside it (`extra`) and its contents, on a panel. */
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

/** A labelled figure (得点, 平均点, …): a small grey label over the value, an optional line under it. */
export function Figure({
  label,
  children,
  sub,
  testId,
}: {
  label: string;
  children: ReactNode;
  sub?: ReactNode;
  testId?: string;
}) {
  return (
    <div data-testid={testId}>
      <div style={{ ...muted, fontSize: 12 }}>{label}</div>
      <div style={{ fontSize: 18 }}>{children}</div>
      {sub && <div style={{ ...muted, fontSize: 12 }}>{sub}</div>}
    </div>
  );
}
