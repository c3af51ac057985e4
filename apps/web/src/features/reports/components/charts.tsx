import {
  Bar,
  BarChart,
  CartesianGrid,
  LabelList,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

/**
 * The reports' charts (recharts, only in these lazily loaded report screens). Each is drawn from
 * the same rows its table beside it lists; labels in Japanese, no animation (print).
 */
export function ScoreLine({ rows }: { rows: { label: string; value: number | null }[] }) {
  return (
    <figure style={{ margin: 0 }} aria-label="週ごとの平均点のグラフ（数値は下の表）" data-testid="score-chart">
      <ResponsiveContainer width="100%" height={220}>
        <LineChart data={rows} margin={{ left: 0, right: 16, top: 8, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis domain={[0, 100]} tickFormatter={(v: number) => `${v}点`} width={60} />
          <Tooltip formatter={(v) => `${v}点`} />
          <Line
            type="monotone"
            dataKey="value"
            name="平均点"
            stroke="#18a058"
            strokeWidth={2}
            isAnimationActive={false}
            connectNulls
          />
        </LineChart>
      </ResponsiveContainer>
    </figure>
  );
}

export function CountBars({
  rows,
  unit,
  label,
}: {
  rows: { label: string; value: number }[];
  unit: string;
  label: string;
}) {
  return (
    <figure style={{ margin: 0 }} aria-label={`${label}のグラフ（数値は下の表）`} data-testid="count-chart">
      <ResponsiveContainer width="100%" height={220}>
        <BarChart data={rows} margin={{ left: 0, right: 16, top: 16, bottom: 8 }}>
          <CartesianGrid strokeDasharray="3 3" vertical={false} />
          <XAxis dataKey="label" tick={{ fontSize: 12 }} />
          <YAxis allowDecimals={false} width={40} />
          <Tooltip formatter={(v) => `${v}${unit}`} />
          <Bar dataKey="value" name={label} fill="#2f7de1" isAnimationActive={false}>
            <LabelList dataKey="value" position="top" />
          </Bar>
        </BarChart>
      </ResponsiveContainer>
    </figure>
  );
}
