import { bandColor, bandOf } from './score';

/**
 * The score distribution (plain SVG, no chart library): one bar per 10-point bucket (0–9 … 90–100),
 * coloured by the bucket's band (80 and above good, 60 and above medium, below 60 bad), the count
 * above each bar.
 */
export function ScoreChart({ counts, label }: { counts: number[]; label: string }) {
  const width = 460;
  const height = 170;
  const left = 28;
  const bottom = 22;
  const top = 16;
  const max = Math.max(1, ...counts);
  const slot = (width - left) / counts.length;
  const bar = slot * 0.7;
  const scale = (n: number) => ((height - bottom - top) * n) / max;
  const total = counts.reduce((a, b) => a + b, 0);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        role="img"
        aria-label={`${label}：${counts.map((n, i) => `${i * 10}点台 ${n}人`).join('、')}`}
        viewBox={`0 0 ${width} ${height}`}
        style={{ width: '100%', maxWidth: width, display: 'block' }}
      >
        <line x1={left} x2={width} y1={height - bottom} y2={height - bottom} stroke="#d9d9d9" />
        {counts.map((n, i) => {
          const x = left + i * slot + (slot - bar) / 2;
          const h = scale(n);
          const y = height - bottom - h;
          return (
            <g key={i} data-testid="chart-bar" data-count={n}>
              <rect x={x} y={y} width={bar} height={h} rx={2} fill={bandColor[bandOf(i * 10)]} opacity={0.85} />
              {n > 0 && (
                <text x={x + bar / 2} y={y - 4} fontSize={11} textAnchor="middle" fill="rgba(0,0,0,0.75)">
                  {n}
                </text>
              )}
              <text x={x + bar / 2} y={height - 6} fontSize={10} textAnchor="middle" fill="rgba(0,0,0,0.45)">
                {i === counts.length - 1 ? '90-' : i * 10}
              </text>
            </g>
          );
        })}
        <text x={0} y={top} fontSize={10} fill="rgba(0,0,0,0.45)">
          人
        </text>
      </svg>
      {total === 0 && (
        <figcaption style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>まだ提出がありません。</figcaption>
      )}
    </figure>
  );
}
