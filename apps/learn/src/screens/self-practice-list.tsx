import { exerciseTypes, getSelfPracticeList, type ExerciseType } from '@ondoku/contract';
import { useState } from 'react';
import { learnApi } from '../api';
import { Pager, Points } from '../components';
import { Link } from '../router';
import { useLoad } from '../use-load';
import { typeLabels } from '../words';

const LIMIT = 20;

/** じぶんでれんしゅう: library material outside homework, by type, a page at a time. */
export function SelfPracticeList() {
  const [type, setType] = useState<ExerciseType | undefined>(undefined);
  const [page, setPage] = useState(1);
  const { data, error, reload } = useLoad(
    () => learnApi.call(getSelfPracticeList, { page, limit: LIMIT, type }),
    `${page}:${type ?? ''}`,
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / LIMIT)) : 1;
  return (
    <>
      <h1 className="ln-title">じぶんでれんしゅう</h1>
      <div className="ln-tabs">
        <button type="button" className="ln-tab" aria-selected={!type} onClick={() => (setType(undefined), setPage(1))}>
          ぜんぶ
        </button>
        {exerciseTypes.map((t) => (
          <button
            key={t}
            type="button"
            className="ln-tab"
            aria-selected={type === t}
            onClick={() => (setType(t), setPage(1))}
          >
            {typeLabels[t]}
          </button>
        ))}
      </div>
      {error && (
        <div className="ln-note" role="alert">
          読みこめませんでした。
          <button type="button" className="ln-btn" onClick={reload} style={{ marginLeft: 8 }}>
            もういちど
          </button>
        </div>
      )}
      <div className="ln-card">
        {data?.rows.length === 0 && <p className="ln-sub">まだありません。</p>}
        {data?.rows.map((r) => (
          <div key={r.resource_id} className="ln-topic" data-testid="self-resource">
            <div className="ln-topic-main">
              <span className="ln-badge">{typeLabels[r.type]}</span>
              <strong>{r.title}</strong>
              <div className="ln-sub">
                さいこう <Points score={r.best_score} />
                、れんしゅう {r.practice_count}かい
              </div>
            </div>
            <Link to={`/self/${r.resource_id}`} className="ln-btn">
              れんしゅうする
            </Link>
          </div>
        ))}
      </div>
      <Pager page={page} pages={pages} onChange={setPage} />
    </>
  );
}
