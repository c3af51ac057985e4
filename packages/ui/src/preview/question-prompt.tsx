import type { PreviewItem } from '@ondoku/contract';
import { extrasOf } from './item-extras';
import { PlayButton } from './parts';

/**
 * The question of a choice item: `questions` when the item has them, otherwise its screen
 * text (the contract: screen_text is the question prompt of choice types).
 */
export function QuestionPrompt({
  item,
  showTranslation,
  useScreenText,
}: {
  item: PreviewItem;
  showTranslation: boolean;
  useScreenText: boolean;
}) {
  const asked = extrasOf(item).questions;
  const questions = asked?.length
    ? asked
    : useScreenText
      ? [{ content: item.screen_text, translation: item.screen_text_translation, audio_file: null }]
      : [];
  return (
    <>
      {questions.map((q, i) => (
        <div key={i} style={{ marginTop: i ? 8 : 0 }}>
          <div className="lib-item-text" lang="en">
            {q.content}
          </div>
          {showTranslation && q.translation && <div className="lib-item-sub">{q.translation}</div>}
          {q.audio_file && q.audio_file !== item.audio_file && (
            <div style={{ marginTop: 4 }}>
              <PlayButton src={q.audio_file} label="質問を聞く" size="small" />
            </div>
          )}
        </div>
      ))}
    </>
  );
}
