import {
  evaluationMessages,
  getSelfPracticeContent,
  getStudentTopicContent,
  japaneseDateTime,
  type EvaluationResultData,
  type LearnContent,
  type LearnItem,
  type LearnSubmitReply,
  type PreviewItem,
  type ResourceDetail,
} from '@ondoku/contract';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { PreviewView } from '@ondoku/ui/preview/preview-view';
import { bandColors, scoreBand, type StudentAnswer } from '@ondoku/ui/preview/results';
import { recorderMessages } from '@ondoku/ui/recorder/constants';
import { ApiError } from '@ondoku/ui/request';
import { learnApi } from '../api';
import { MicIcon, Points } from '../components';
import { useLearnDeps, type RecorderLike } from '../deps';
import { targetKey, type PracticeTarget } from '../queue';
import { Link } from '../router';
import { learnSession } from '../session';
import { useLoad } from '../use-load';
import { encouragement, learnText, typeLabels } from '../words';
import { MicCheck } from './mic-check';

type Content = LearnContent & { end_time?: string; required_times?: number | null };

interface ItemState {
  phase: 'idle' | 'recording' | 'evaluating';
  /** The last try's evaluation (shown as score and word colours; never stored). */
  result: EvaluationResultData | null;
  /** The last try is in the queue (its audio is kept until the submission is accepted). */
  queued: boolean;
  /** The last try's audio waits for the network to be evaluated. */
  offline: boolean;
  error: string | null;
  audioUrl: string | null;
}

const emptyItem: ItemState = {
  phase: 'idle',
  result: null,
  queued: false,
  offline: false,
  error: null,
  audioUrl: null,
};
const MIC_OK_KEY = 'ondoku.learn.mic-ok';

/** What is read for an item: the whole text for an article (question 0). */
const readText = (content: Content, item: LearnItem) =>
  content.type === 'article_reading' ? (content.full_text?.screen_text ?? item.screen_text) : item.screen_text;

/** The practice content in the preview's shape; after a submission the right choices are marked. */
function toDetail(content: Content, resourceId: number, correct?: Map<number, number | null>): ResourceDetail {
  return {
    resource_id: resourceId,
    title: content.title,
    type: content.type,
    grade: 0,
    origin_type: 'classroom',
    resource_path: '',
    resource_version: 0,
    full_text: content.full_text,
    word_book: null,
    items: content.items.map((i): PreviewItem => ({
      ...i,
      answers: i.answers?.map((a) => ({ ...a, correct: correct?.get(i.index) === a.index })),
    })),
  };
}

/** A failure of the network (keep the audio, send later) rather than the evaluator's answer about the audio. */
const isNetworkFailure = (e: unknown) =>
  e instanceof ApiError ||
  (e instanceof Error &&
    [recorderMessages.connectionFailed, evaluationMessages.ticketInvalid, evaluationMessages.evaluationFailed].includes(
      e.message as never,
    ));

/** Words to practise again: mispronounced or omitted, or read with a low score. */
export function wordsToPractise(reply: LearnSubmitReply): string[] {
  const seen = new Set<string>();
  for (const item of reply.items)
    for (const w of item.words ?? [])
      if (w.type === 'mispronounced' || w.type === 'omitted' || w.score < 60) {
        const word = w.word.replace(/^[^\p{L}\p{N}']+|[^\p{L}\p{N}']+$/gu, '');
        if (word) seen.add(word);
      }
  return [...seen].slice(0, 20);
}

function ResultView({
  content,
  resourceId,
  reply,
  chosen,
  audio,
  onAgain,
  back,
}: {
  content: Content;
  resourceId: number;
  reply: LearnSubmitReply;
  chosen: Map<number, number>;
  audio: Map<number, string | null>;
  onAgain(): void;
  back: string;
}) {
  const correct = new Map(reply.items.map((i) => [i.question_id, i.correct_answer]));
  const answers: StudentAnswer[] = reply.items.map((i) => ({
    question_id: i.question_id,
    score: i.score,
    evaluate_html: i.evaluate_html,
    sound_file: audio.get(i.question_id) ?? null,
    answer_result: i.correct === null ? null : (chosen.get(i.question_id) ?? null),
  }));
  const words = wordsToPractise(reply);
  const color = bandColors[scoreBand(reply.score)];
  return (
    <div data-testid="result">
      <section className="ln-card" aria-label="けっか" style={{ textAlign: 'center' }}>
        <h1 className="ln-title">出せたよ！</h1>
        <div className="ln-bigscore" style={{ color }} data-testid="result-score">
          {Math.round(reply.score)}
          <span style={{ fontSize: 28 }}>てん</span>
        </div>
        <p style={{ fontSize: 22, margin: '12px 0' }}>{encouragement(reply.score)}</p>
        <p className="ln-sub">
          さいこう <Points score={reply.best_score} />
          、れんしゅう {reply.practice_count}かい
          {reply.homework_done ? '、このしゅくだいはぜんぶおわったよ！' : ''}
        </p>
      </section>
      {words.length > 0 && (
        <section className="ln-card" aria-label="もういちど読みたいことば">
          <h2>もういちど読んでみよう</h2>
          <ul className="ln-words" data-testid="practise-words">
            {words.map((w) => (
              <li key={w} lang="en">
                {w}
              </li>
            ))}
          </ul>
        </section>
      )}
      <section className="ln-card ln-practice">
        <PreviewView
          detail={toDetail(content, resourceId, correct)}
          answers={answers}
          showNotes={false}
          showTranslations
        />
      </section>
      <div className="ln-row" style={{ marginTop: 16 }}>
        <button type="button" className="ln-btn ln-primary ln-big" onClick={onAgain}>
          もういちどれんしゅう
        </button>
        <Link to={back} className="ln-btn ln-big">
          もどる
        </Link>
      </div>
    </div>
  );
}

/** The practice screen of one topic (or one self-practice resource), for every exercise type. */
export default function Practice({ target }: { target: PracticeTarget }) {
  const deps = useLearnDeps();
  const { queue, outbox } = deps;
  const loginId = learnSession.student()?.student_id ?? '';
  const key = targetKey(loginId, target);
  const back = target.kind === 'topic' ? '/' : '/self';
  const load = useLoad<Content & { resource_id?: number | null }>(
    () =>
      target.kind === 'topic'
        ? learnApi.call(getStudentTopicContent, { homework_id: target.homework_id, topic_id: target.topic_id })
        : learnApi.call(getSelfPracticeContent, { resource_id: target.resource_id }),
    key,
  );
  const content = load.data;
  const resourceId = target.kind === 'self' ? target.resource_id : 0;

  const [items, setItems] = useState<Map<number, ItemState>>(new Map());
  const [chosen, setChosen] = useState<Map<number, number>>(new Map());
  const [micReady, setMicReady] = useState(() => sessionStorage.getItem(MIC_OK_KEY) === '1');
  const [view, setView] = useState<'practice' | 'sending' | 'waiting' | 'result'>('practice');
  const [reply, setReply] = useState<LearnSubmitReply | null>(null);
  const [message, setMessage] = useState<string | null>(null);
  const recorder = useRef<{ q: number; r: RecorderLike } | null>(null);
  const urls = useRef<string[]>([]);
  const submittedAt = useRef<number | null>(null);

  const patch = useCallback((q: number, p: Partial<ItemState>) => {
    setItems((m) => new Map(m).set(q, { ...(m.get(q) ?? emptyItem), ...p }));
  }, []);

  useEffect(
    () => () => {
      recorder.current?.r.destroy();
      urls.current.forEach((u) => URL.revokeObjectURL(u));
    },
    [],
  );

  const spoken = useMemo(() => content?.items.filter((i) => i.category) ?? [], [content]);
  const choiceItems = useMemo(() => content?.items.filter((i) => !i.category && i.answers?.length) ?? [], [content]);

  /** Evaluate the queued audio that has no sid yet (back online, or back on the screen). */
  const evaluateOffline = useCallback(async () => {
    for (const r of await queue.recordingsOf(key)) {
      if (r.sid) continue;
      try {
        const { sid, result } = await deps.evaluateQueued(r);
        await queue.setSid(r.id, sid);
        patch(r.questionId, { result, offline: false, error: null });
      } catch {
        return;
      }
    }
  }, [deps, key, patch, queue]);

  // Back on the screen: what the queue kept (tries without a score yet, a submission waiting).
  useEffect(() => {
    if (!content) return;
    let live = true;
    void (async () => {
      const rows = await queue.recordingsOf(key);
      const waiting = await queue.submission(key);
      if (!live) return;
      setItems((m) => {
        const next = new Map(m);
        for (const r of rows)
          next.set(r.questionId, { ...(next.get(r.questionId) ?? emptyItem), queued: true, offline: !r.sid });
        return next;
      });
      if (waiting?.state === 'pending') {
        submittedAt.current = waiting.createdAt;
        setChosen(new Map(waiting.choices.map((c) => [c.question_id, Number(c.answer)])));
        setView('waiting');
      } else if (waiting?.state === 'refused') {
        setMessage(waiting.message);
        await queue.dropSubmission(key);
      } else if (rows.some((r) => !r.sid)) await evaluateOffline();
    })();
    return () => {
      live = false;
    };
  }, [content, evaluateOffline, key, queue]);

  // The network is back: evaluate what waits here (a queued submission is the outbox's).
  useEffect(() => {
    const online = () => {
      if (view === 'practice') void evaluateOffline();
    };
    window.addEventListener('online', online);
    return () => window.removeEventListener('online', online);
  }, [evaluateOffline, view]);

  // A submission sent from the queue later: show its result here.
  useEffect(() => {
    if (view !== 'waiting' && view !== 'sending') return;
    const check = () => {
      const s = outbox.get();
      const ok = s.delivered.findLast((d) => d.submission.id === key && d.submission.createdAt === submittedAt.current);
      const no = s.refused.findLast((d) => d.submission.id === key && d.submission.createdAt === submittedAt.current);
      if (ok) {
        setReply(ok.reply);
        setView('result');
      } else if (no) {
        setMessage(no.message);
        setView('practice');
        void queue.dropSubmission(key);
      }
    };
    check();
    return outbox.subscribe(check);
  }, [key, outbox, queue, view]);

  const startRecording = async (item: LearnItem) => {
    if (!content || !item.category || recorder.current) return;
    setMessage(null);
    patch(item.index, { error: null });
    try {
      const r = await deps.createRecorder({
        params: {
          text: readText(content, item),
          category: item.category,
          res_id: content.resource_id ?? undefined,
        },
        // Refused while reading (the server is full): stop now and say so, not after the reading.
        onRefused: () => void stopRecording(item),
      });
      recorder.current = { q: item.index, r };
      await r.start();
      patch(item.index, { phase: 'recording' });
    } catch (e) {
      recorder.current?.r.destroy();
      recorder.current = null;
      const msg =
        e instanceof Error && e.message === recorderMessages.micDenied ? learnText.micDenied : learnText.micMissing;
      patch(item.index, { phase: 'idle', error: msg });
    }
  };

  const stopRecording = async (item: LearnItem) => {
    const current = recorder.current;
    if (!content || !current || current.q !== item.index || !item.category) return;
    patch(item.index, { phase: 'evaluating' });
    let result: EvaluationResultData | null = null;
    let failure: unknown = null;
    try {
      result = await current.r.stop();
    } catch (e) {
      failure = e;
    }
    const sid = result ? current.r.sid : null;
    const chunks = current.r.encodedAudio();
    const blob = current.r.recording();
    current.r.destroy();
    recorder.current = null;
    const audioUrl = blob ? URL.createObjectURL(blob) : null;
    if (audioUrl) urls.current.push(audioUrl);
    if (!chunks.length || (failure && !isNetworkFailure(failure))) {
      // The evaluator answered about the audio itself (too short, silent…): read again.
      const said =
        failure instanceof Error && failure.message !== recorderMessages.noRecording
          ? failure.message
          : learnText.noRecording;
      patch(item.index, { phase: 'idle', error: said, audioUrl });
      return;
    }
    await queue.putRecording({
      target: key,
      loginId,
      questionId: item.index,
      text: readText(content, item),
      category: item.category,
      resId: content.resource_id ?? undefined,
      chunks,
      sid,
    });
    if (result && sid) patch(item.index, { phase: 'idle', result, queued: true, offline: false, audioUrl });
    else patch(item.index, { phase: 'idle', result: null, queued: true, offline: true, audioUrl });
  };

  const submit = async () => {
    if (!content) return;
    const missing = spoken.some((i) => !items.get(i.index)?.queued) || choiceItems.some((i) => !chosen.has(i.index));
    if (missing) return setMessage(learnText.notAllAnswered);
    setMessage(null);
    const sub = await queue.putSubmission({
      id: key,
      loginId,
      target,
      title: content.title,
      spoken: spoken.map((i) => i.index),
      choices: choiceItems.map((i) => ({ question_id: i.index, answer: String(chosen.get(i.index)) })),
    });
    submittedAt.current = sub.createdAt;
    setView('sending');
    await outbox.kick();
    setView((v) => (v === 'sending' ? 'waiting' : v));
  };

  const again = () => {
    setItems(new Map());
    setChosen(new Map());
    setReply(null);
    setView('practice');
    load.reload();
  };

  if (load.error)
    return (
      <div className="ln-note" role="alert">
        {load.error instanceof ApiError && load.error.status !== 0 ? load.error.message : '読みこめませんでした。'}
        <div className="ln-row" style={{ marginTop: 8 }}>
          <button type="button" className="ln-btn" onClick={load.reload}>
            もういちど
          </button>
          <Link to={back} className="ln-btn">
            もどる
          </Link>
        </div>
      </div>
    );
  if (!content) return <p className="ln-sub">よみこんでいます…</p>;

  const audioByQ = new Map([...items].map(([q, s]) => [q, s.audioUrl]));
  if (view === 'result' && reply)
    return (
      <ResultView
        content={content}
        resourceId={resourceId}
        reply={reply}
        chosen={chosen}
        audio={audioByQ}
        onAgain={again}
        back={back}
      />
    );

  const answers: StudentAnswer[] = [...items].map(([q, s]) => ({
    question_id: q,
    score: s.result?.total_score ?? null,
    evaluate_html: s.result?.evaluate_html ?? null,
    sound_file: s.audioUrl,
  }));
  const busy = [...items.values()].some((s) => s.phase !== 'idle');
  const doneCount =
    spoken.filter((i) => items.get(i.index)?.queued).length + choiceItems.filter((i) => chosen.has(i.index)).length;
  const total = spoken.length + choiceItems.length;

  const renderActions = (preview: PreviewItem) => {
    const item = content.items.find((i) => i.index === preview.index);
    if (!item) return null;
    if (!item.category) {
      return (
        <div className="ln-row" role="group" aria-label={`もんだい${item.index + 1}のこたえ`}>
          <span>こたえ：</span>
          {(item.answers ?? []).map((a, n) => (
            <button
              key={a.index}
              type="button"
              className={`ln-btn${chosen.get(item.index) === a.index ? ' ln-chosen' : ''}`}
              aria-pressed={chosen.get(item.index) === a.index}
              disabled={view !== 'practice'}
              onClick={() => setChosen((m) => new Map(m).set(item.index, a.index))}
            >
              {'ABCDEFGH'[n] ?? n + 1}
            </button>
          ))}
        </div>
      );
    }
    const s = items.get(item.index) ?? emptyItem;
    if (!micReady) return <span className="ln-sub">うえの「マイクのじゅんび」をしてから読もうね。</span>;
    return (
      <div className="ln-row" data-testid="item-actions">
        {s.phase === 'recording' ? (
          <button type="button" className="ln-btn ln-recording" onClick={() => void stopRecording(item)}>
            ■ おわり
          </button>
        ) : (
          <button
            type="button"
            className="ln-btn ln-record"
            disabled={busy || view !== 'practice'}
            onClick={() => void startRecording(item)}
          >
            <MicIcon /> {s.queued ? 'もういちど読む' : '読む'}
          </button>
        )}
        {s.phase === 'recording' && <span>読んでいます…読みおわったら「おわり」をおしてね。</span>}
        {s.phase === 'evaluating' && <span>てんすうをつけています…</span>}
        {s.queued && s.offline && s.phase === 'idle' && (
          <span className="ln-note" role="status" style={{ margin: 0 }}>
            {learnText.offlineQueued}
          </span>
        )}
        {s.queued && !s.offline && !s.result && s.phase === 'idle' && <span className="ln-sub">読んだよ！</span>}
        {s.error && (
          <span className="ln-error" role="alert">
            {s.error}
          </span>
        )}
      </div>
    );
  };

  return (
    <div className="ln-practice">
      <div className="ln-row" style={{ marginBottom: 12 }}>
        <Link to={back} className="ln-btn">
          ← もどる
        </Link>
        <span className="ln-badge">{typeLabels[content.type]}</span>
      </div>
      <h1 className="ln-title">{content.title}</h1>
      <p className="ln-sub">
        さいこう <Points score={content.best_score} />
        、れんしゅう {content.practice_count}かい
        {content.end_time && `、しめきり ${japaneseDateTime(content.end_time)}`}
      </p>
      {spoken.length > 0 && !micReady && (
        <MicCheck
          onReady={() => {
            sessionStorage.setItem(MIC_OK_KEY, '1');
            setMicReady(true);
          }}
        />
      )}
      <p className="ln-sub">
        {spoken.length > 0 && '「原文を再生」でお手本をきいてから、「読む」をおして読もう。'}
        {choiceItems.length > 0 && 'こたえをえらんでね。'}
      </p>
      <section aria-label="もんだい" style={{ marginTop: 12 }}>
        <PreviewView
          detail={toDetail(content, resourceId)}
          answers={answers}
          showNotes={false}
          showTranslations
          renderItemActions={renderActions}
        />
      </section>
      <div className="ln-sticky-bar">
        {message && (
          <p className="ln-error" role="alert">
            {message}
          </p>
        )}
        {view === 'waiting' && (
          <p className="ln-note" role="status" data-testid="submit-waiting">
            {learnText.offlineQueued}
          </p>
        )}
        <div className="ln-row">
          <span className="ln-sub">
            {doneCount} / {total} できた
          </span>
          <button
            type="button"
            className="ln-btn ln-primary ln-big"
            style={{ marginLeft: 'auto' }}
            disabled={busy || view !== 'practice'}
            onClick={() => void submit()}
          >
            {view === 'sending' ? 'おくっています…' : view === 'waiting' ? 'おくるのをまっています' : '出す'}
          </button>
        </div>
      </div>
    </div>
  );
}
