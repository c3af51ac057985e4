import { getPracticeHistory, japaneseDateTime } from '@ondoku/contract';
import { useState } from 'react';
import { learnApi } from '../api';
import { Pager, Points } from '../components';
import { useLoad } from '../use-load';
import { typeLabels } from '../words';

const LIMIT = 20;

/** きろく: the child's own submissions, newest first. */
export function HistoryScreen() {
  const [page, setPage] = useState(1);
  const { data, error, reload } = useLoad(
    () => learnApi.call(getPracticeHistory, { page, limit: LIMIT }),
    String(page),
  );
  const pages = data ? Math.max(1, Math.ceil(data.total / LIMIT)) : 1;
  return (
    <>
      <h1 className="ln-title">きろく</h1>
      {error && (
        <div className="ln-note" role="alert">
          読みこめませんでした。
          <button type="button" className="ln-btn" onClick={reload} style={{ marginLeft: 8 }}>
            もういちど
          </button>
        </div>
      )}
      <div className="ln-card">
        {data?.rows.length === 0 && <p className="ln-sub">まだれんしゅうしていません。</p>}
        {data?.rows.map((r) => (
          <div key={r.attempt_id} className="ln-topic" data-testid="history-row">
            <div className="ln-topic-main">
              <span className="ln-badge">{typeLabels[r.type]}</span>
              <strong>{r.title}</strong>
              <div className="ln-sub">
                {japaneseDateTime(r.created_at)}
                {r.homework_title ? `（しゅくだい「${r.homework_title}」）` : '（じぶんでれんしゅう）'}
              </div>
            </div>
            <Points score={r.score} />
          </div>
        ))}
      </div>
      <Pager page={page} pages={pages} onChange={setPage} />
    </>
  );
}
