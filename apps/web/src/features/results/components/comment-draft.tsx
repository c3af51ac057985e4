import { commentaryLimits, type CommentDraft } from '@ondoku/contract';
import { Alert, Button, Input, Spin, Switch } from 'antd';
import { useCallback, useEffect, useRef, useState } from 'react';
import { Section } from '@ondoku/ui';
import { readFailure } from '../../../components/ui/load-state';
import { formatDateTime } from '../../../lib/dates';
import { useCommentDraft, useSaveCommentDraft } from '../api';
import { muted } from './score';

/**
 * The text not yet confirmed saved, kept in localStorage until the server has it: `base` is the
 * server's updated_at the edit started from, so a newer save (another browser) wins over it.
 */
type Unsaved = { content: string; visible: boolean; base: string | null };
export const unsavedKey = (homeworkId: number) => `ondoku.comment-draft.${homeworkId}`;

function readUnsaved(homeworkId: number): Unsaved | null {
  try {
    const raw = localStorage.getItem(unsavedKey(homeworkId));
    const v = raw ? (JSON.parse(raw) as Partial<Unsaved>) : null;
    return v && typeof v.content === 'string'
      ? { content: v.content, visible: v.visible !== false, base: v.base ?? null }
      : null;
  } catch {
    return null;
  }
}
function writeUnsaved(homeworkId: number, v: Unsaved | null) {
  try {
    if (v) localStorage.setItem(unsavedKey(homeworkId), JSON.stringify(v));
    else localStorage.removeItem(unsavedKey(homeworkId));
  } catch {
    // Storage full or disabled: the server copy is then the only one.
  }
}

type Status = 'idle' | 'pending' | 'saving' | 'saved' | 'error';

/**
 * The homework-comment draft on the commentary page (docs/results.md, "Commentary"): visibility
 * flag and content, restored when the page opens, saved 1 s after the last change (one save at a
 * time; a change during a save is saved right after it). A failed save keeps the text (and its
 * localStorage copy) and says so; typing again or 再試行 saves again.
 */
export function CommentDraftEditor({ homeworkId }: { homeworkId: number }) {
  const draft = useCommentDraft(homeworkId);
  const failure = readFailure(draft);
  if (failure) return <Section title="先生のメモ">{failure}</Section>;
  if (!draft.data)
    return (
      <Section title="先生のメモ">
        <Spin />
      </Section>
    );
  return <Editor homeworkId={homeworkId} initial={draft.data} />;
}

function Editor({ homeworkId, initial }: { homeworkId: number; initial: CommentDraft }) {
  const { mutateAsync } = useSaveCommentDraft();
  // The text restored: the unsaved local copy when it was made on top of the server's latest save.
  const [start] = useState(() => {
    const local = readUnsaved(homeworkId);
    if (
      local &&
      local.base === initial.updated_at &&
      (local.content !== initial.content || local.visible !== initial.visible)
    )
      return { ...local, restored: true };
    writeUnsaved(homeworkId, null);
    return { content: initial.content, visible: initial.visible, base: initial.updated_at, restored: false };
  });
  const [content, setContent] = useState(start.content);
  const [visible, setVisible] = useState(start.visible);
  const [status, setStatus] = useState<Status>(start.restored ? 'pending' : initial.updated_at ? 'saved' : 'idle');
  const [savedAt, setSavedAt] = useState(initial.updated_at);
  const [error, setError] = useState<string | null>(null);
  const latest = useRef({ content: start.content, visible: start.visible });
  const base = useRef(start.base);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const inFlight = useRef(false);
  const again = useRef(false);
  /** A change not yet sent (the debounce is running). */
  const unsent = useRef(false);

  /** Save the latest text; one save at a time, a change made during a save is saved right after it. */
  const flush = useCallback(async () => {
    clearTimeout(timer.current);
    if (inFlight.current) {
      again.current = true;
      return;
    }
    inFlight.current = true;
    try {
      do {
        again.current = false;
        unsent.current = false;
        const sent = { ...latest.current };
        setStatus('saving');
        try {
          const saved = await mutateAsync({ homework_id: homeworkId, ...sent });
          base.current = saved.updated_at;
          setSavedAt(saved.updated_at);
          setError(null);
          const same = latest.current.content === sent.content && latest.current.visible === sent.visible;
          if (same) {
            writeUnsaved(homeworkId, null);
            setStatus('saved');
          } else writeUnsaved(homeworkId, { ...latest.current, base: base.current });
        } catch (e) {
          setError(e instanceof Error && e.message ? e.message : null);
          setStatus('error');
          return;
        }
      } while (again.current);
    } finally {
      inFlight.current = false;
    }
  }, [homeworkId, mutateAsync]);

  const change = (next: { content?: string; visible?: boolean }) => {
    latest.current = { ...latest.current, ...next };
    if (next.content !== undefined) setContent(next.content);
    if (next.visible !== undefined) setVisible(next.visible);
    writeUnsaved(homeworkId, { ...latest.current, base: base.current });
    unsent.current = true;
    setStatus((s) => (s === 'saving' ? s : 'pending'));
    clearTimeout(timer.current);
    timer.current = setTimeout(() => void flush(), commentaryLimits.autosaveMs);
  };

  // A restored unsaved copy is saved at once; a change still waiting for its save when the page
  // closes is sent then (its local copy stays until the server has it).
  useEffect(() => {
    if (start.restored) void flush();
    return () => {
      clearTimeout(timer.current);
      if (unsent.current) void flush();
    };
  }, [flush, start.restored]);

  const tooLong = content.length > commentaryLimits.commentMax;
  return (
    <Section
      title="先生のメモ"
      extra={
        <div className="no-print" style={{ display: 'flex', gap: 12, alignItems: 'center' }}>
          <SaveState status={status} savedAt={savedAt} />
          <label style={{ display: 'flex', gap: 6, alignItems: 'center', fontSize: 13 }}>
            <Switch size="small" checked={visible} onChange={(v) => change({ visible: v })} aria-label="メモを表示" />
            メモを表示
          </label>
        </div>
      }
    >
      {visible ? (
        <>
          <Input.TextArea
            className="no-print"
            aria-label="先生のメモ"
            value={content}
            onChange={(e) => change({ content: e.target.value })}
            autoSize={{ minRows: 4, maxRows: 16 }}
            placeholder="授業で取り上げる点などを書いておけます（自動で保存されます）"
            status={tooLong ? 'error' : undefined}
          />
          <div className="print-only" style={{ whiteSpace: 'pre-wrap', fontSize: 14 }}>
            {content}
          </div>
          <div className="no-print" style={{ ...muted, fontSize: 12, textAlign: 'right', marginTop: 4 }}>
            {content.length}/{commentaryLimits.commentMax}文字
          </div>
        </>
      ) : (
        <div className="no-print" style={muted}>
          メモは非表示です。
        </div>
      )}
      {status === 'error' && (
        <Alert
          className="no-print"
          type="error"
          showIcon
          style={{ marginTop: 8 }}
          data-testid="save-error"
          message="保存できませんでした。入力した内容はこのブラウザに一時保存されています。"
          description={error ?? undefined}
          action={
            <Button size="small" onClick={() => void flush()}>
              再試行
            </Button>
          }
        />
      )}
    </Section>
  );
}

function SaveState({ status, savedAt }: { status: Status; savedAt: string | null }) {
  const text =
    status === 'pending' || status === 'saving'
      ? '保存中…'
      : status === 'saved'
        ? `保存しました${savedAt ? `（${formatDateTime(savedAt)}）` : ''}`
        : status === 'error'
          ? '保存できませんでした'
          : '';
  return (
    <span
      role="status"
      data-testid="save-state"
      style={{ fontSize: 12, color: status === 'error' ? '#cf1322' : 'rgba(0,0,0,0.55)' }}
    >
      {text}
    </span>
  );
}
