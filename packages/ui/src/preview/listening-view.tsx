import { Collapse } from 'antd';
import { ChoiceQuestion } from './choices';
import { extrasOf } from './item-extras';
import { QuestionPrompt } from './question-prompt';
import { matchAnswers } from './results';
import type { PreviewViewProps } from './types';

/**
 * リスニング: each item's audio is what the child hears (原文を再生); the question and the choices
 * (text or picture) follow. The script (the item's `script`, or its screen text when that is not
 * the question) is folded away for the teacher.
 */
export function ListeningView(props: PreviewViewProps) {
  const results = matchAnswers(props.detail, props.answers);
  const showTranslations = props.showTranslations ?? true;
  return (
    <div data-testid="preview-listening">
      {props.detail.items.map((item) => {
        const hasQuestion = !!item.questions?.length;
        const given = extrasOf(item).script;
        const lines =
          given ??
          (hasQuestion && item.screen_text && item.screen_text !== item.questions?.[0]?.content
            ? { text: item.screen_text, translation: item.screen_text_translation }
            : null);
        const script = lines ? (
          <Collapse
            size="small"
            style={{ marginBottom: 8 }}
            items={[
              {
                key: 'script',
                label: 'スクリプト（流れる英文）',
                children: (
                  <>
                    <div lang="en">{lines.text}</div>
                    {showTranslations && <div className="lib-item-sub">{lines.translation}</div>}
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
            audioFirst
            prompt={<QuestionPrompt item={item} showTranslation={showTranslations} useScreenText />}
          />
        );
      })}
    </div>
  );
}
