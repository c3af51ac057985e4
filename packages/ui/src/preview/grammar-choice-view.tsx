import { ChoiceQuestion } from './choices';
import { matchAnswers } from './results';
import type { PreviewViewProps } from './types';

/** Blanks written ___ in the prompt shown as a gap to fill. */
function Prompt({ text }: { text: string }) {
  const parts = text.split(/_{2,}/);
  return (
    <div className="lib-item-text" lang="en">
      {parts.map((p, i) => (
        <span key={i}>
          {p}
          {i < parts.length - 1 && (
            <span
              aria-label="空欄"
              style={{ display: 'inline-block', minWidth: 64, borderBottom: '2px solid #1677ff', margin: '0 4px' }}
            >
              &nbsp;
            </span>
          )}
        </span>
      ))}
    </div>
  );
}

/** 文法問題: a sentence with a blank, its translation and the choices (the correct one marked). */
export function GrammarChoiceView(props: PreviewViewProps) {
  const results = matchAnswers(props.detail, props.answers);
  const showTranslations = props.showTranslations ?? true;
  return (
    <div data-testid="preview-grammar_choice">
      {props.detail.items.map((item) => (
        <ChoiceQuestion
          key={item.index}
          item={item}
          result={results.get(item.index)}
          props={props}
          prompt={
            <>
              <Prompt text={item.screen_text} />
              {showTranslations && item.screen_text_translation && (
                <div className="lib-item-sub">{item.screen_text_translation}</div>
              )}
            </>
          }
        />
      ))}
    </div>
  );
}
