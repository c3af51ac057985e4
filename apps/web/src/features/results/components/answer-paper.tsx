import {
  resultsMessages,
  type AnswerWord,
  type PaperAnswer,
  type PreviewItem,
  type ResourceDetail,
} from '@ondoku/contract';
import { Empty, Select, Spin, Tag } from 'antd';
import type { ComponentType, ReactNode } from 'react';
import { Link } from 'react-router';
import { Figure, panel, Score, Section } from '@ondoku/ui';
import { readFailure } from '../../../components/ui/load-state';
import { paths } from '../../../config/paths';
import { formatDateTime } from '../../../lib/dates';
import { notify } from '../../../lib/notify';
import { useAnswerPaper, useCorrectWord } from '../api';
import { muted, points } from './score';

/**
 * What the answer paper hands the library's preview view (@ondoku/ui/preview PreviewView,
 * given by the route: features do not import each other): the resource, the child's answers
 * matched by question_id, the class averages per item, the submission's scores.
 */
export interface PaperPreviewProps {
  detail: ResourceDetail;
  answers: readonly PaperAnswer[];
  averages: ReadonlyArray<{ score: number | null } | null>;
  scores: {
    total_score: number | null;
    accuracy_score: number | null;
    fluency_score: number | null;
    integrity_score: number | null;
    learn_count: number;
    best_score: number | null;
    evaluate_html?: string | null;
    sound_file?: string | null;
  };
  renderItemActions?(item: PreviewItem): ReactNode;
  showNotes?: boolean;
}

const judgement = { normal: '正しい', mispronounced: '発音が正しくない' } as const;

/** One child's answer paper for one topic, with the teacher's word corrections (docs/results.md, 'Correcting a word'). */
export function AnswerPaper({
  homeworkId,
  topicId,
  loginId,
  attemptId,
  onAttemptChange,
  Preview,
  notes,
}: {
  homeworkId: number;
  topicId: number;
  loginId: string;
  attemptId?: number;
  onAttemptChange(attemptId: number): void;
  Preview: ComponentType<PaperPreviewProps>;
  /** The teacher's notes to the child about this topic (given by the route: features do not import each other). */
  notes?: ReactNode;
}) {
  const paper = useAnswerPaper({
    homework_id: homeworkId,
    topic_id: topicId,
    student_id: loginId,
    attempt_id: attemptId,
  });
  const correct = useCorrectWord();
  const failure = readFailure(paper, {
    backTo: paths.homeworkTopicResults.getHref(homeworkId, topicId),
    backLabel: '教材の結果へ戻る',
  });
  if (failure) return failure;
  const p = paper.data;
  if (!p) return <Spin style={{ display: 'block', margin: '48px auto' }} />;
  const a = p.attempt;
  // The best submission: the highest score, the earliest on a tie (attempts come newest first).
  const bestId = [...p.attempts]
    .reverse()
    .reduce<{ id: number; score: number } | null>(
      (best, x) => (best === null || x.score > best.score ? { id: x.attempt_id, score: x.score } : best),
      null,
    )?.id;
  // An article is read whole: its one answer (question_id 0) carries the markup and the recording.
  const article = p.detail?.type === 'article_reading' ? p.answers.find((x) => x.question_id === 0) : undefined;

  const askCorrection = (answer: PaperAnswer, index: number, word: AnswerWord) => {
    if (!a || (word.type !== 'normal' && word.type !== 'mispronounced')) return;
    const to = word.type === 'normal' ? 'mispronounced' : 'normal';
    notify.confirm({
      title: `「${word.word}」の判定を訂正しますか？`,
      content: (
        <div data-testid="correction-confirm">
          「{judgement[word.type]}」→「{judgement[to]}」に変更します。
          <br />
          この問題の得点（いま {points(answer.score)}）、この提出の得点（いま {points(a.score)}
          ）と最高点が計算し直されます。
          {word.corrected_from === to && <div style={{ marginTop: 4 }}>自動判定の結果に戻します。</div>}
        </div>
      ),
      okText: '訂正する',
      cancelText: 'キャンセル',
      onOk: async () => {
        const r = await correct.mutateAsync({
          attempt_id: a.attempt_id,
          question_id: answer.question_id,
          word_index: index,
          type: to,
        });
        notify.success(
          `問題${answer.question_id + 1}の得点が ${points(answer.score)} → ${points(r.answer.score)}、提出の得点が ${points(a.score)} → ${points(r.attempt_score)} になりました。`,
        );
      },
    });
  };

  const spoken = p.answers.filter((x) => x.words && x.words.length > 0);
  return (
    <div style={{ display: 'flex', flexDirection: 'column', gap: 16, maxWidth: 1000 }}>
      <section
        style={{ ...panel, display: 'flex', gap: 24, flexWrap: 'wrap', alignItems: 'flex-start' }}
        aria-label="解答の概要"
      >
        <div style={{ flex: '1 1 300px' }}>
          <div style={{ ...muted, fontSize: 13 }}>
            <Link to={paths.homeworkDetails.getHref(homeworkId)}>宿題の結果</Link> ／{' '}
            <Link to={paths.homeworkTopicResults.getHref(homeworkId, topicId)}>{p.topic.title}</Link>
          </div>
          <h1 style={{ fontSize: 18, margin: '4px 0 0' }}>
            {p.student.number && <span style={{ ...muted, marginRight: 8 }}>{p.student.number}</span>}
            {p.student.name}
            <span style={{ ...muted, fontSize: 13, marginLeft: 8 }}>{p.student.student_id}</span>
          </h1>
          <div style={{ ...muted, fontSize: 13, marginTop: 4 }}>
            練習 {p.practice_count}回・最高点 <Score value={p.best_score} />
          </div>
        </div>
        {a && (
          <div style={{ display: 'flex', gap: 20, flexWrap: 'wrap' }}>
            <Figure label="得点">
              <span data-testid="attempt-score">
                <Score value={a.score} style={{ fontSize: 24 }} />
              </span>
            </Figure>
            <Figure label="発音">
              <Score value={a.accuracy_score} />
            </Figure>
            <Figure label="流暢さ">
              <Score value={a.fluency_score} />
            </Figure>
            <Figure label="完成度">
              <Score value={a.integrity_score} />
            </Figure>
          </div>
        )}
        {p.attempts.length > 1 && (
          <Select
            aria-label="提出を選ぶ"
            value={a?.attempt_id}
            style={{ width: 300 }}
            onChange={onAttemptChange}
            options={p.attempts.map((x, i) => ({
              value: x.attempt_id,
              label: `${p.attempts.length - i}回目 ${points(x.score)}（${formatDateTime(x.created_at)}）${x.attempt_id === bestId ? '・最高点' : ''}`,
            }))}
          />
        )}
      </section>

      {notes}

      {!a ? (
        <section style={panel}>
          <Empty description="この生徒はまだこの教材を提出していません。" />
        </section>
      ) : (
        <>
          {p.answers.every((x) => !x.has_recording) && (
            <div style={{ ...muted, fontSize: 13 }} role="note">
              {resultsMessages.noRecording}
            </div>
          )}
          {spoken.length > 0 && (
            <Section title="単語の判定を訂正" extra={<JudgementLegend />}>
              <div style={{ ...muted, fontSize: 12, marginBottom: 8 }}>
                単語をクリックすると「正しい」と「発音が正しくない」を切り替えられます。得点は計算し直されます。
              </div>
              {spoken.map((x) => (
                <div key={x.question_id} data-testid="word-line" style={{ display: 'flex', gap: 8, marginBottom: 8 }}>
                  <span style={{ ...muted, width: 40, flexShrink: 0 }}>
                    {p.detail?.type === 'article_reading' ? '本文' : `問${x.question_id + 1}`}
                  </span>
                  <span style={{ display: 'flex', flexWrap: 'wrap', gap: 4 }} lang="en">
                    {x.words!.map((w, i) =>
                      w.type === 'inserted' ? null : (
                        <WordChip key={i} word={w} onClick={() => askCorrection(x, i, w)} />
                      ),
                    )}
                  </span>
                  <span style={{ marginLeft: 'auto', whiteSpace: 'nowrap' }}>
                    <Score value={x.score} />
                  </span>
                </div>
              ))}
            </Section>
          )}
        </>
      )}

      {p.detail ? (
        <section style={panel} aria-label="解答用紙">
          <Preview
            detail={p.detail}
            answers={p.answers}
            averages={p.averages}
            showNotes={false}
            scores={{
              total_score: a?.score ?? null,
              accuracy_score: a?.accuracy_score ?? null,
              fluency_score: a?.fluency_score ?? null,
              integrity_score: a?.integrity_score ?? null,
              learn_count: p.practice_count,
              best_score: p.best_score,
              evaluate_html: article?.evaluate_html,
              sound_file: article?.sound_file,
            }}
          />
        </section>
      ) : (
        <section style={panel}>
          <Empty description="この教材のプレビューはありません。" />
        </section>
      )}
    </div>
  );
}

/** A chip's colours by the word's judgement (not by score band): the legend shows these. */
const chipColors = {
  normal: { border: '#95de64', background: '#f6ffed', color: '#237804' },
  mispronounced: { border: '#ff7875', background: '#fff1f0', color: '#cf1322' },
  omitted: { border: '#d9d9d9', background: '#fafafa', color: 'rgba(0,0,0,0.35)' },
} as const;

/** What the chips' colours and borders mean (judgements, not the score bands of the matrix). */
function JudgementLegend() {
  const entries = [
    ['normal', judgement.normal],
    ['mispronounced', judgement.mispronounced],
    ['omitted', '読み飛ばし'],
  ] as const;
  return (
    <ul
      aria-label="判定の見方"
      style={{ display: 'flex', gap: 12, listStyle: 'none', margin: 0, padding: 0, fontSize: 12, flexWrap: 'wrap' }}
    >
      {entries.map(([type, label]) => (
        <li key={type} style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
          <span
            aria-hidden
            style={{
              width: 12,
              height: 12,
              borderRadius: 2,
              background: chipColors[type].background,
              border: `1px solid ${chipColors[type].border}`,
            }}
          />
          {label}
        </li>
      ))}
      <li style={{ display: 'flex', alignItems: 'center', gap: 4 }}>
        <span aria-hidden style={{ width: 12, height: 12, borderRadius: 2, border: '1px dashed rgba(0,0,0,0.45)' }} />
        先生が訂正
      </li>
    </ul>
  );
}

function WordChip({ word, onClick }: { word: AnswerWord; onClick(): void }) {
  const wrong = word.type === 'mispronounced';
  const omitted = word.type === 'omitted';
  const label = omitted ? '読み飛ばし' : judgement[word.type as 'normal' | 'mispronounced'];
  const colors = chipColors[wrong ? 'mispronounced' : omitted ? 'omitted' : 'normal'];
  return (
    <button
      type="button"
      data-testid="word-chip"
      data-type={word.type}
      disabled={omitted}
      onClick={onClick}
      title={`${label}${word.corrected_from ? '（先生が訂正）' : ''}`}
      aria-label={`${word.word}：${label}${word.corrected_from ? '（訂正済み）' : ''}`}
      style={{
        font: 'inherit',
        padding: '1px 8px',
        borderRadius: 4,
        cursor: omitted ? 'not-allowed' : 'pointer',
        border: `1px ${word.corrected_from ? 'dashed' : 'solid'} ${colors.border}`,
        background: colors.background,
        color: colors.color,
        textDecoration: omitted ? 'line-through' : undefined,
      }}
    >
      {word.word}
      {word.corrected_from && (
        <Tag
          color="blue"
          style={{ marginInlineStart: 4, marginInlineEnd: 0, fontSize: 10, lineHeight: '14px', padding: '0 3px' }}
        >
          訂正
        </Tag>
      )}
    </button>
  );
}
