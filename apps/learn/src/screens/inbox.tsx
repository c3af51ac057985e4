import {
  getStudentMessageList,
  readStudentMessages,
  studentMessageLimits,
  type StudentMessage,
} from '@ondoku/contract';
import { StampRow } from '@ondoku/ui/stamps';
import { useRef, useState } from 'react';
import { learnApi } from '../api';
import { Link } from '../router';
import { useLoad } from '../use-load';
import { shortDate, typeLabels } from '../words';

function topicLabel(m: StudentMessage) {
  if (!m.topic) return null;
  const type = m.topic.type === 'word_test' ? 'たんごテスト' : typeLabels[m.topic.type];
  return `${type}「${m.topic.title}」`;
}

/**
 * How each kind of message looks in the inbox: its label, its badge and what it offers to do.
 * A new kind (docs/student-messages.md) is one more entry here.
 */
const kindViews: Record<
  StudentMessage['kind'],
  { label: string; badge: string; action(m: StudentMessage): React.ReactNode }
> = {
  reminder: {
    label: 'しゅくだいのおしらせ',
    badge: 'ln-badge-reminder',
    action: () => (
      <Link className="ln-btn ln-primary" to="/">
        しゅくだいを 見る
      </Link>
    ),
  },
  note: {
    label: '先生からのコメント',
    badge: 'ln-badge-note',
    action: (m) =>
      m.topic && m.homework ? (
        <Link className="ln-btn ln-primary" to={`/homework/${m.homework.homework_id}/topic/${m.topic.topic_id}`}>
          この もんだいを れんしゅうする
        </Link>
      ) : null,
  },
  encouragement: { label: '先生からの はげまし', badge: 'ln-badge-cheer', action: () => null },
  message: { label: '先生からのメッセージ', badge: 'ln-badge-message', action: () => null },
};

function MessageCard({ m, fresh }: { m: StudentMessage; fresh: boolean }) {
  const view = kindViews[m.kind];
  const action = view.action(m);
  return (
    <article className={`ln-card ln-message${fresh ? ' ln-unread' : ''}`} data-testid="message" aria-label={view.label}>
      <div className="ln-row">
        <span className={`ln-badge ${view.badge}`}>{view.label}</span>
        {fresh && <span className="ln-badge ln-badge-new">あたらしい</span>}
        <span className="ln-sub" style={{ marginLeft: 'auto' }}>
          {shortDate(m.created_at)}
        </span>
      </div>
      <div className="ln-sub" style={{ marginTop: 8 }}>
        {m.teacher_name}先生より
      </div>
      {m.topic && m.homework && (
        <div className="ln-about" data-testid="message-topic">
          「{m.homework.title}」の {topicLabel(m)} について
        </div>
      )}
      {m.title && <h2 className="ln-message-title">{m.title}</h2>}
      {m.kind === 'encouragement' && m.motivation_ids?.length ? (
        <div className="ln-stamps" data-testid="message-stamps">
          <StampRow ids={m.motivation_ids} size={88} />
        </div>
      ) : null}
      {m.body && <p className="ln-message-body">{m.body}</p>}
      {action && <div className="ln-row ln-end">{action}</div>}
    </article>
  );
}

/**
 * おしらせ: the teacher's reminders, notes and messages, newest first. What is shown is marked read once, but
 * the 「あたらしい」 mark stays on screen until the child leaves, so they see what was new.
 */
export function Inbox() {
  const [limit, setLimit] = useState<number>(studentMessageLimits.pageSize);
  // Messages that were new when first shown on this screen: marked read at once, still marked 「あたらしい」 here.
  const fresh = useRef(new Set<number>());
  const { data, error, loading, reload } = useLoad(async () => {
    const page = await learnApi.call(getStudentMessageList, { page: 1, limit });
    const unread = page.rows.filter((m) => !m.read && !fresh.current.has(m.message_id)).map((m) => m.message_id);
    for (const id of unread) fresh.current.add(id);
    if (unread.length) void learnApi.silent.call(readStudentMessages, { ids: unread }).catch(() => {});
    return { ...page, fresh: new Set(fresh.current) };
  }, `inbox:${limit}`);
  const rows = data?.rows ?? [];
  return (
    <>
      <h1 className="ln-title">おしらせ</h1>
      {loading && !data && <p className="ln-sub">よみこんでいます…</p>}
      {error && (
        <div className="ln-note" role="alert">
          おしらせを読みこめませんでした。
          <button type="button" className="ln-btn" onClick={reload} style={{ marginLeft: 8 }}>
            もういちど
          </button>
        </div>
      )}
      {data && rows.length === 0 && (
        <div className="ln-card ln-sub" data-testid="inbox-empty">
          おしらせは まだ ありません。
        </div>
      )}
      {rows.map((m) => (
        <MessageCard key={m.message_id} m={m} fresh={!m.read || data!.fresh.has(m.message_id)} />
      ))}
      {data && data.total > rows.length && (
        <div className="ln-row" style={{ justifyContent: 'center', marginTop: 16 }}>
          <button
            type="button"
            className="ln-btn"
            onClick={() => setLimit((l) => Math.min(100, l + studentMessageLimits.pageSize))}
          >
            もっと見る
          </button>
        </div>
      )}
    </>
  );
}

/** On the home screen: a big, friendly おしらせ area with the number not read yet and the newest one. */
export function InboxBanner() {
  const { data } = useLoad(() => learnApi.silent.call(getStudentMessageList, { page: 1, limit: 1 }), 'inbox-banner');
  if (!data || data.total === 0) return null;
  const latest = data.rows[0];
  return (
    <Link
      to="/inbox"
      className={`ln-card ln-inbox-banner${data.unread ? ' ln-unread' : ''}`}
      data-testid="inbox-banner"
    >
      <span className="ln-bell" aria-hidden="true">
        <svg width="36" height="36" viewBox="0 0 24 24" fill="currentColor">
          <path d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1z" />
        </svg>
        {data.unread > 0 && (
          <span className="ln-count" data-testid="inbox-unread">
            {data.unread}
          </span>
        )}
      </span>
      <span className="ln-inbox-text">
        <strong>{data.unread > 0 ? `あたらしい おしらせが ${data.unread}けん あるよ！` : 'おしらせ'}</strong>
        {latest?.kind === 'encouragement' && latest.motivation_ids?.length ? (
          <span className="ln-inbox-latest" data-testid="banner-stamps">
            <StampRow ids={latest.motivation_ids} size={44} />
            {latest.body && <span className="ln-sub"> {latest.body}</span>}
          </span>
        ) : (
          latest && <span className="ln-sub ln-inbox-latest">{latest.title ?? latest.body}</span>
        )}
      </span>
      <span className="ln-btn ln-primary">見る</span>
    </Link>
  );
}
