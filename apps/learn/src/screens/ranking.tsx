import { getStudentRanking, rankingMessages, type RankingKind } from '@ondoku/contract';
import { useState } from 'react';
import { learnApi } from '../api';
import { useLoad } from '../use-load';

/**
 * ランキング on the children's side: a ranking of one of the child's own classes, only as the
 * teacher lets children see it (docs/rankings.md, "Privacy"): nothing, the top N or everyone;
 * the others' names hidden when the teacher chose so; the child's own place always marked.
 */
const kinds: [RankingKind, string][] = [
  ['integral', 'ポイント'],
  ['exercise_count', 'れんしゅう回数'],
  ['exercise_score', 'とくてん'],
  ['record_duration', 'ろくおん時間'],
];
const periods = [
  ['week', 'こんしゅう'],
  ['month', 'こんげつ'],
  ['term', 'がっき'],
] as const;

function value(kind: RankingKind, v: number) {
  if (kind === 'exercise_count') return `${v}回`;
  if (kind === 'exercise_score') return `${v}てん`;
  if (kind === 'record_duration') return v >= 60 ? `${Math.floor(v / 60)}分${v % 60}びょう` : `${v}びょう`;
  return `${v}ポイント`;
}

export function RankingScreen() {
  const [kind, setKind] = useState<RankingKind>('integral');
  const [period, setPeriod] = useState<'week' | 'month' | 'term'>('week');
  const [classId, setClassId] = useState<number | undefined>(undefined);
  const { data, error, loading, reload } = useLoad(
    () => learnApi.call(getStudentRanking, { kind, period, ...(classId ? { team_id: classId } : {}) }),
    `ranking:${kind}:${period}:${classId ?? ''}`,
  );
  return (
    <>
      <h1 className="ln-title">ランキング</h1>
      {data && data.teams.length > 1 && (
        <div className="ln-tabs" role="tablist" aria-label="クラス">
          {data.teams.map((t) => (
            <button
              key={t.team_id}
              type="button"
              role="tab"
              className="ln-tab"
              aria-selected={data.team_id === t.team_id}
              onClick={() => setClassId(t.team_id)}
            >
              {t.name}
            </button>
          ))}
        </div>
      )}
      <div className="ln-tabs" role="tablist" aria-label="なにの ランキング">
        {kinds.map(([k, label]) => (
          <button
            key={k}
            type="button"
            role="tab"
            className="ln-tab"
            aria-selected={kind === k}
            onClick={() => setKind(k)}
          >
            {label}
          </button>
        ))}
      </div>
      <div className="ln-tabs" role="tablist" aria-label="きかん">
        {periods.map(([p, label]) => (
          <button
            key={p}
            type="button"
            role="tab"
            className="ln-tab"
            aria-selected={period === p}
            onClick={() => setPeriod(p)}
          >
            {label}
          </button>
        ))}
      </div>
      {loading && !data && <p className="ln-sub">よみこんでいます…</p>}
      {error && (
        <div className="ln-note" role="alert">
          ランキングを読みこめませんでした。
          <button type="button" className="ln-btn" onClick={reload} style={{ marginLeft: 8 }}>
            もういちど
          </button>
        </div>
      )}
      {data && data.visibility === 'none' && (
        <div className="ln-card ln-sub" data-testid="ranking-closed">
          {data.teams.length ? rankingMessages.closed : 'クラスに 入ると ランキングが 見られるよ。'}
        </div>
      )}
      {data && data.visibility !== 'none' && (
        <div className="ln-card" data-testid="student-ranking">
          {data.me && (
            <p className="ln-ranking-me">
              あなたは <strong>{data.me.rank}い</strong>（{value(data.kind, data.me.value)}）
            </p>
          )}
          <ol className="ln-ranking">
            {data.rows.map((r, i) => (
              <li key={i} className={r.me ? 'ln-ranking-row ln-me' : 'ln-ranking-row'} data-testid="ranking-row">
                <span className="ln-ranking-rank">{r.rank}い</span>
                <span className="ln-ranking-name">{r.name ?? rankingMessages.hiddenName}</span>
                <span className="ln-ranking-value">{value(data.kind, r.value)}</span>
              </li>
            ))}
          </ol>
          {data.kind === 'integral' && (
            <details className="ln-sub">
              <summary>ポイントの もらいかた</summary>
              <ul>
                {data.rules.map((r) => (
                  <li key={r.key}>
                    {r.label}：{r.points}ポイント
                  </li>
                ))}
              </ul>
            </details>
          )}
        </div>
      )}
    </>
  );
}
