import {
  getStudentHomeworkList,
  japaneseDateTime,
  type LearnHomeworkRow,
  type LearnHomeworkState,
} from '@ondoku/contract';
import { useEffect, useState } from 'react';
import { learnApi } from '../api';
import { Points, WaitingNotice } from '../components';
import { useLearnDeps } from '../deps';
import { useOutbox } from '../outbox';
import { Link } from '../router';
import { useLoad } from '../use-load';
import { stateLabels, typeLabels } from '../words';
import { InboxBanner } from './inbox';

const tabs: LearnHomeworkState[] = ['open', 'done', 'overdue'];

function HomeworkCard({ hw }: { hw: LearnHomeworkRow }) {
  return (
    <article className="ln-card" data-testid="homework" aria-label={hw.title}>
      <h2>{hw.title}</h2>
      <div className="ln-sub">
        しめきり：<span data-testid="deadline">{japaneseDateTime(hw.end_time)}</span>
        {hw.reissued && (
          <span className="ln-badge" style={{ marginLeft: 8 }}>
            もういちど
          </span>
        )}
        {hw.required_times && hw.required_times > 1 && (
          <span style={{ marginLeft: 8 }}>（{hw.required_times}かい出す）</span>
        )}
      </div>
      {hw.topics.map((t) => (
        <div key={t.topic_id} className="ln-topic" data-testid="topic">
          <div className="ln-topic-main">
            <span className="ln-badge">{typeLabels[t.type]}</span>
            <strong>{t.title}</strong>
            <div className="ln-sub">
              さいこう <Points score={t.best_score} />
              、れんしゅう {t.practice_count}かい
            </div>
          </div>
          {hw.state !== 'overdue' && (
            <Link
              to={`/homework/${hw.homework_id}/topic/${t.topic_id}`}
              className={`ln-btn${hw.state === 'open' && t.practice_count === 0 ? ' ln-primary' : ''}`}
            >
              {t.practice_count === 0 ? 'れんしゅうする' : 'もういちど'}
            </Link>
          )}
        </div>
      ))}
    </article>
  );
}

/** しゅくだい: やること / おわった / しめきりがすぎた, nearest deadline first (the server's order). */
export function HomeworkList() {
  const [tab, setTab] = useState<LearnHomeworkState>('open');
  const { outbox } = useLearnDeps();
  const { delivered } = useOutbox(outbox);
  const { data, error, loading, reload } = useLoad(() => learnApi.call(getStudentHomeworkList, {}), 'homework');
  // A submission delivered from the queue changes the list.
  useEffect(() => {
    if (delivered.length) reload();
  }, [delivered.length, reload]);
  const rows = data?.rows ?? [];
  const shown = rows.filter((r) => r.state === tab);
  return (
    <>
      <InboxBanner />
      <h1 className="ln-title">しゅくだい</h1>
      <WaitingNotice outbox={outbox} />
      <div className="ln-tabs" role="tablist">
        {tabs.map((s) => (
          <button
            key={s}
            type="button"
            role="tab"
            className="ln-tab"
            aria-selected={tab === s}
            onClick={() => setTab(s)}
          >
            {stateLabels[s]}（{rows.filter((r) => r.state === s).length}）
          </button>
        ))}
      </div>
      <div role="tabpanel" aria-label={stateLabels[tab]}>
        {loading && !data && <p className="ln-sub">よみこんでいます…</p>}
        {error && (
          <div className="ln-note" role="alert">
            しゅくだいを読みこめませんでした。
            <button type="button" className="ln-btn" onClick={reload} style={{ marginLeft: 8 }}>
              もういちど
            </button>
          </div>
        )}
        {data && shown.length === 0 && (
          <div className="ln-card ln-sub" data-testid="empty">
            {tab === 'open'
              ? 'いまやるしゅくだいはありません。じぶんでれんしゅうしてみよう！'
              : tab === 'done'
                ? 'おわったしゅくだいはまだありません。'
                : 'しめきりがすぎたしゅくだいはありません。'}
          </div>
        )}
        {shown.map((hw) => (
          <HomeworkCard key={hw.homework_id} hw={hw} />
        ))}
      </div>
    </>
  );
}
