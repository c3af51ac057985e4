import type { PreviewItem } from '@ondoku/contract';

/**
 * The question of a choice item: `questions` when the item has them, otherwise its screen
 * text (the contract: screen_text is the question prompt of choice types).
 */
export function QuestionPrompt({ item, showTranslation, useScreenText }: { item: PreviewItem; showTranslation: boolean; useScreenText: boolean }) {
  const questions = item.questions?.length
    ? item.questions
    : useScreenText
      ? [{ content: item.screen_text, translation: item.screen_text_translation }]
      : [];
  return (
    <>
      {questions.map((q, i) => (
        <div key={i} style={{ marginTop: i ? 8 : 0 }}>
          <div className="lib-item-text" lang="en">
            {q.content}
          </div>
          {showTranslation && q.translation && <div className="lib-item-sub">{q.translation}</div>}
        </div>
      ))}
    </>
  );
}
