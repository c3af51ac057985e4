import { CheckCircleFilled, CloseCircleFilled } from '@ant-design/icons';
import type { AnswerChoice, PreviewItem } from '@ondoku/contract';
import { Tag } from 'antd';
import type { ReactNode } from 'react';
import { ItemFooter, PlayButton, TeacherNote } from './parts';
import type { ItemResult } from './results';
import type { PreviewViewProps } from './types';

const letters = 'ABCDEFGH';

/** The choices of a question: text or picture (with its alt), the correct one marked, and the child's answer. */
export function Choices({ answers, chosen }: { answers: readonly AnswerChoice[]; chosen: number | null | undefined }) {
  const answered = chosen !== null && chosen !== undefined;
  return (
    <ul className="lib-choices" aria-label="選択肢" style={{ listStyle: 'none', padding: 0 }}>
      {answers.map((a, i) => {
        const isChosen = answered && chosen === a.index;
        const cls = ['lib-choice', a.correct && 'correct', isChosen && 'chosen', isChosen && !a.correct && 'wrong']
          .filter(Boolean)
          .join(' ');
        return (
          <li key={a.index} className={cls} data-testid="choice" data-correct={a.correct || undefined}>
            <strong style={{ color: 'rgba(0,0,0,0.45)' }}>{letters[i] ?? i + 1}</strong>
            {a.type === 'image' ? (
              <img src={a.content} alt={a.alt ?? `選択肢${letters[i] ?? i + 1}`} />
            ) : (
              <span lang="en" style={{ fontSize: 16 }}>
                {a.content}
              </span>
            )}
            {a.correct && (
              <Tag color="success" icon={<CheckCircleFilled />} style={{ marginInlineEnd: 0 }}>
                正解
              </Tag>
            )}
            {isChosen && (
              <Tag
                color={a.correct ? 'processing' : 'error'}
                icon={a.correct ? undefined : <CloseCircleFilled />}
                style={{ marginInlineEnd: 0 }}
              >
                生徒の解答
              </Tag>
            )}
          </li>
        );
      })}
    </ul>
  );
}

/** Whether the child answered correctly: the chosen answer is marked correct. */
export const isCorrectAnswer = (item: PreviewItem, chosen: number | null | undefined) =>
  chosen !== null && chosen !== undefined && !!item.answers?.find((a) => a.index === chosen)?.correct;

/**
 * One choice question: the prompt (and the question asked), its translation, the choices,
 * the play button, the child's answer marked ○/× and the class average.
 */
export function ChoiceQuestion({
  item,
  result,
  props,
  prompt,
  lead,
  audioFirst = false,
}: {
  item: PreviewItem;
  result: ItemResult | undefined;
  props: PreviewViewProps;
  /** The question line(s) shown big. */
  prompt: ReactNode;
  /** Shown above the question (a listening script). */
  lead?: ReactNode;
  /** The audio is the question (listening): its play button comes first. */
  audioFirst?: boolean;
}) {
  const chosen = result?.answer_result;
  const answered = chosen !== null && chosen !== undefined;
  const correct = isCorrectAnswer(item, chosen);
  return (
    <article className="lib-item" data-testid="preview-item" aria-label={`問題${item.index + 1}`}>
      <div className="lib-item-index" aria-hidden>
        {item.index + 1}
      </div>
      <div className="lib-item-body">
        {audioFirst && item.audio_file && (
          <div style={{ marginBottom: 8 }}>
            <PlayButton src={item.audio_file} label="原文を再生" />
          </div>
        )}
        {lead}
        {prompt}
        {item.screen_pic && <img className="lib-item-pic" src={item.screen_pic} alt="" style={{ marginTop: 8 }} />}
        <Choices answers={item.answers ?? []} chosen={chosen} />
        {answered && (
          <div style={{ marginTop: 8 }} data-testid="answer-mark">
            {correct ? <Tag color="success">○ 正解</Tag> : <Tag color="error">× 不正解</Tag>}
          </div>
        )}
        {(props.showNotes ?? true) && <TeacherNote note={item.note_homework} />}
        <ItemFooter
          audio={audioFirst ? null : item.audio_file}
          result={result}
          average={props.averages?.[item.index]?.score}
          actions={props.renderItemActions?.(item, result)}
        />
      </div>
    </article>
  );
}
