import type { RankingKind, RankingRow } from '@ondoku/contract';
import { Bar, BarChart, CartesianGrid, LabelList, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import { formatValue } from './format';

/**
 * The ranking's page as horizontal bars (recharts, in this lazily loaded screen's chunk only). The
 * same numbers are the table beside it, so the chart is never the only way to read them.
 */
export function RankingChart({ kind, rows }: { kind: RankingKind; rows: RankingRow[] }) {
  const data = rows.slice(0, 10).map((r) => ({ name: `${r.rank}位 ${r.name}`, value: r.value }));
  if (!data.length) return null;
  return (
    <figure style={{ margin: 0 }} aria-label="上位10人のグラフ（数値は表と同じ）" data-testid="ranking-chart">
      <ResponsiveContainer width="100%" height={Math.max(160, data.length * 30 + 40)}>
        <BarChart data={data} layout="vertical" margin={{ left: 8, right: 56, top: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" horizontal={false} />
          <XAxis
            type="number"
            allowDecimals={kind === 'exercise_score'}
            tickFormatter={(v: number) => formatValue(kind, v)}
          />
          <YAxis type="category" dataKey="name" width={120} tick={{ fontSize: 12 }} />
          <Tooltip formatter={(v) => formatValue(kind, Number(v))} />
          <Bar dataKey="value" name="値" fill="#18a058" isAnimationActive={false}>
            <LabelList dataKey="value" position="right" formatter={(v) => formatValue(kind, Number(v))} />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
