import type { RankingKind } from '@ondoku/contract';

/** A ranking's value as the screens and the printable page show it (docs/rankings.md). */
export function formatValue(kind: RankingKind, value: number) {
  switch (kind) {
    case 'exercise_count':
      return `${value}回`;
    case 'exercise_score':
      return `${value.toFixed(1)}点`;
    case 'record_duration': {
      const m = Math.floor(value / 60);
      const s = value % 60;
      return m ? `${m}分${String(s).padStart(2, '0')}秒` : `${s}秒`;
    }
    case 'integral':
      return `${value}pt`;
  }
}

/** Places moved since the previous period: ↑2, ↓1, →, or ー when the child had nothing then. */
export function formatChange(change: number | null) {
  if (change === null) return { text: 'ー', label: '前の期間の記録なし', color: 'rgba(0,0,0,0.45)' };
  if (change > 0) return { text: `↑${change}`, label: `${change}つ上がりました`, color: '#cf1322' };
  if (change < 0) return { text: `↓${-change}`, label: `${-change}つ下がりました`, color: '#1677ff' };
  return { text: '→', label: '変わりません', color: 'rgba(0,0,0,0.45)' };
}

/** The period's dates as 8/31〜9/6. */
export const shortRange = (start: string, end: string) => {
  const md = (d: string) => `${Number(d.slice(5, 7))}/${Number(d.slice(8, 10))}`;
  return `${md(start)}〜${md(end)}`;
};
