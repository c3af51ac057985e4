/**
 * The score trend of a study report (plain SVG, no chart library, like the results distribution
 * chart): one point per week or month with the average of the child's homework submissions,
 * coloured by its band (80 and above good, 60 and above medium, below 60 bad); a period without
 * submissions leaves a gap in the line.
 */
const bandColor = (s: number) => (s >= 80 ? '#389e0d' : s >= 60 ? '#d48806' : '#cf1322');

export interface TrendPoint {
  label: string;
  average_score: number | null;
  attempts: number;
}

export function TrendChart({ points, label }: { points: TrendPoint[]; label: string }) {
  const width = 560;
  const height = 190;
  const left = 30;
  const right = 12;
  const top = 16;
  const bottom = 26;
  const slot = (width - left - right) / Math.max(1, points.length);
  const x = (i: number) => left + slot * i + slot / 2;
  const y = (score: number) => top + ((height - top - bottom) * (100 - score)) / 100;
  // Segments of consecutive points with a score.
  const segments: { i: number; s: number }[][] = [];
  let run: { i: number; s: number }[] = [];
  points.forEach((p, i) => {
    if (p.average_score === null) {
      if (run.length) segments.push(run);
      run = [];
    } else run.push({ i, s: p.average_score });
  });
  if (run.length) segments.push(run);
  const none = points.every((p) => p.average_score === null);
  return (
    <figure style={{ margin: 0 }}>
      <svg
        role="img"
        aria-label={`${label}：${points
          .map((p) => `${p.label} ${p.average_score === null ? '提出なし' : `${Math.round(p.average_score)}点`}`)
          .join('、')}`}
        viewBox={`0 0 ${width} ${height}`}
        style={{ width: '100%', maxWidth: width, display: 'block' }}
      >
        {[0, 60, 80, 100].map((g) => (
          <g key={g}>
            <line
              x1={left}
              x2={width - right}
              y1={y(g)}
              y2={y(g)}
              stroke={g === 0 ? '#d9d9d9' : '#f0f0f0'}
              strokeDasharray={g === 60 || g === 80 ? '4 3' : undefined}
            />
            <text x={left - 4} y={y(g) + 3} fontSize={10} textAnchor="end" fill="rgba(0,0,0,0.45)">
              {g}
            </text>
          </g>
        ))}
        {segments.map((seg, k) => (
          <polyline
            key={k}
            fill="none"
            stroke="#52a37c"
            strokeWidth={2}
            points={seg.map((p) => `${x(p.i)},${y(p.s)}`).join(' ')}
          />
        ))}
        {points.map((p, i) => (
          <g key={i} data-testid="trend-point" data-score={p.average_score ?? ''}>
            {p.average_score !== null && (
              <>
                <circle cx={x(i)} cy={y(p.average_score)} r={4} fill={bandColor(Math.round(p.average_score))} />
                <text x={x(i)} y={y(p.average_score) - 8} fontSize={11} textAnchor="middle" fill="rgba(0,0,0,0.75)">
                  {Math.round(p.average_score)}
                </text>
              </>
            )}
            <text x={x(i)} y={height - 8} fontSize={10} textAnchor="middle" fill="rgba(0,0,0,0.45)">
              {p.label}
            </text>
          </g>
        ))}
      </svg>
      {none && (
        <figcaption style={{ color: 'rgba(0,0,0,0.45)', fontSize: 12 }}>この期間の提出はありません。</figcaption>
      )}
    </figure>
  );
}
