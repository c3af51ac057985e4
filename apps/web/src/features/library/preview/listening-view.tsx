import { Collapse } from 'antd';
import { ChoiceQuestion } from './choices';
import { QuestionPrompt } from './question-prompt';
import { matchAnswers } from './results';
import type { PreviewViewProps } from './types';

/**
 * リスニング: each item's audio is what the child hears (原文を再生); the question and the choices
 * (text or picture) follow. The script is the item's screen text, folded away for the teacher
 * when a separate question is given.
 */
export function ListeningView(props: PreviewViewProps) {
  const results = matchAnswers(props.detail, props.answers);
  const showTranslations = props.showTranslations ?? true;
  return (
    <div data-testid="preview-listening">
      {props.detail.items.map((item) => {
        const hasQuestion = !!item.questions?.length;
        const script =
          hasQuestion && item.screen_text && item.screen_text !== item.questions?.[0]?.content ? (
            <Collapse
              size="small"
              style={{ marginBottom: 8 }}
              items={[
                {
                  key: 'script',
                  label: 'スクリプト（流れる英文）',
                  children: (
                    <>
                      <div lang="en">{item.screen_text}</div>
                      {showTranslations && <div className="lib-item-sub">{item.screen_text_translation}</div>}
                    </>
                  ),
                },
              ]}
            />
          ) : null;
        return (
          <ChoiceQuestion
            key={item.index}
            item={item}
            result={results.get(item.index)}
            props={props}
            lead={script}
            prompt={<QuestionPrompt item={item} showTranslation={showTranslations} useScreenText />}
          />
        );
      })}
    </div>
  );
}
