import { useAudioPlayer } from './audio';
import { AudioControl } from './parts';
import { ChoiceQuestion } from './choices';
import { QuestionPrompt } from './question-prompt';
import { matchAnswers } from './results';
import type { PreviewViewProps } from './types';

/** 読解問題: the passage (with its translation and audio), then the questions with their choices. */
export function ReadingComprehensionView(props: PreviewViewProps) {
  const { detail } = props;
  const results = matchAnswers(detail, props.answers);
  const showTranslations = props.showTranslations ?? true;
  const passage = detail.full_text;
  const player = useAudioPlayer(passage?.audio_file, 'auto');
  return (
    <div data-testid="preview-reading_comprehension" style={{ display: 'flex', flexDirection: 'column', gap: 12 }}>
      {passage && (
        <section className="lib-item" style={{ flexDirection: 'column' }} aria-label="本文">
          {passage.audio_file && <AudioControl player={player} label="本文" />}
          {passage.sentences.length ? (
            passage.sentences.map((s) => (
              <div key={s.index} style={{ padding: '4px 0' }}>
                <div className="lib-sentence-text" lang="en">
                  {s.text}
                </div>
                {showTranslations && <div className="lib-item-sub">{s.translation}</div>}
              </div>
            ))
          ) : (
            <div className="lib-sentence-text">{passage.screen_text}</div>
          )}
        </section>
      )}
      <div>
        {detail.items.map((item) => (
          <ChoiceQuestion
            key={item.index}
            item={item}
            result={results.get(item.index)}
            props={props}
            prompt={<QuestionPrompt item={item} showTranslation={showTranslations} useScreenText />}
          />
        ))}
      </div>
    </div>
  );
}
