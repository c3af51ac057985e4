import { Progress } from 'antd';
import { bandColors, bandLabels, points, scoreBand, type ResourceScores, type ScoreBand } from './results';

/**
 * The article's overall score bar and legend, shown when a total score exists. The
 * keys are the spec's: accuracy_score (発音), fluency_score (流暢さ), integrity_score (完成度),
 * learn_count (練習回数) and best_score (最高点).
 */
const bars: { key: 'accuracy_score' | 'fluency_score' | 'integrity_score'; label: string }[] = [
  { key: 'accuracy_score', label: '発音' },
  { key: 'fluency_score', label: '流暢さ' },
  { key: 'integrity_score', label: '完成度' },
];

export function ScoreBar({ scores }: { scores: ResourceScores | undefined }) {
  const total = scores?.total_score;
  if (total === null || total === undefined) return null;
  return (
    <section
      aria-label="総合得点"
      data-testid="score-bar"
      style={{
        display: 'flex',
        gap: 24,
        alignItems: 'center',
        padding: 16,
        background: '#fff',
        border: '1px solid #f0f0f0',
        borderRadius: 8,
      }}
    >
      <Progress
        type="circle"
        percent={total}
        size={88}
        strokeColor={bandColors[scoreBand(total)]}
        format={() => (
          <span style={{ color: bandColors[scoreBand(total)], fontSize: 20, fontWeight: 600 }}>{points(total)}</span>
        )}
      />
      <div style={{ flex: 1, minWidth: 0 }}>
        {bars.map(({ key, label }) => {
          const v = scores?.[key];
          if (v === null || v === undefined) return null;
          return (
            <div key={key} style={{ display: 'flex', alignItems: 'center', gap: 8 }}>
              <span style={{ width: 56 }}>{label}</span>
              <Progress
                percent={v}
                strokeColor={bandColors[scoreBand(v)]}
                format={() => points(v)}
                style={{ flex: 1, margin: 0 }}
                aria-label={`${label} ${points(v)}`}
              />
            </div>
          );
        })}
        <div style={{ display: 'flex', gap: 16, marginTop: 4, color: 'rgba(0,0,0,0.65)', fontSize: 13 }}>
          {scores?.learn_count != null && <span>練習回数 {scores.learn_count}回</span>}
          {scores?.best_score != null && <span>最高点 {points(scores.best_score)}</span>}
        </div>
      </div>
      <ul aria-label="色の見方" style={{ listStyle: 'none', margin: 0, padding: 0, fontSize: 12 }}>
        {(['good', 'medium', 'bad'] as ScoreBand[]).map((b) => (
          <li key={b} style={{ display: 'flex', alignItems: 'center', gap: 6 }}>
            <span
              style={{ width: 10, height: 10, borderRadius: 2, background: bandColors[b], display: 'inline-block' }}
            />
            {bandLabels[b]}
          </li>
        ))}
      </ul>
    </section>
  );
}
