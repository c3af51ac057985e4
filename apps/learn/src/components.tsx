import { bandColors, scoreBand } from '@ondoku/ui/preview/results';
import type { Outbox } from './outbox';
import { useOutbox } from './outbox';
import { learnText } from './words';

/** A score in its band's colour (@ondoku/ui/preview/results), as 「85てん」. */
export function Points({ score }: { score: number | null | undefined }) {
  if (score === null || score === undefined) return <span className="ln-sub">まだ</span>;
  return (
    <span className="ln-score" style={{ color: bandColors[scoreBand(score)] }}>
      {Math.round(score)}てん
    </span>
  );
}

/** What waits in the queue, said kindly, with a button to try now. */
export function WaitingNotice({ outbox }: { outbox: Outbox }) {
  const { waiting, running, refused } = useOutbox(outbox);
  return (
    <>
      {waiting.length > 0 && (
        <div className="ln-note" role="status" data-testid="waiting-notice">
          <div>
            {learnText.waitingToSend}（{waiting.map((w) => `「${w.title}」`).join('、')}）
          </div>
          <button
            type="button"
            className="ln-btn"
            style={{ marginTop: 8 }}
            disabled={running}
            onClick={() => void outbox.kick()}
          >
            {running ? 'おくっています…' : 'いまおくる'}
          </button>
        </div>
      )}
      {refused.map((r) => (
        <div key={`${r.submission.id}-${r.submission.createdAt}`} className="ln-note" role="alert">
          「{r.submission.title}」は出せませんでした：{r.message}
        </div>
      ))}
    </>
  );
}

/** A microphone drawn inline (emoji fonts are missing on some school devices). */
export function MicIcon() {
  return (
    <svg
      width="20"
      height="20"
      viewBox="0 0 24 24"
      aria-hidden="true"
      fill="none"
      stroke="currentColor"
      strokeWidth="2"
    >
      <rect x="9" y="3" width="6" height="11" rx="3" fill="currentColor" />
      <path d="M5 11a7 7 0 0 0 14 0M12 18v3M8 21h8" strokeLinecap="round" />
    </svg>
  );
}

/** まえ / つぎ with 「2 / 5」 between, for a list of more than one page; nothing for one page. */
export function Pager({ page, pages, onChange }: { page: number; pages: number; onChange: (page: number) => void }) {
  if (pages <= 1) return null;
  return (
    <div className="ln-row" style={{ justifyContent: 'center', marginTop: 16 }}>
      <button type="button" className="ln-btn" disabled={page <= 1} onClick={() => onChange(page - 1)}>
        まえ
      </button>
      <span>
        {page} / {pages}
      </span>
      <button type="button" className="ln-btn" disabled={page >= pages} onClick={() => onChange(page + 1)}>
        つぎ
      </button>
    </div>
  );
}
