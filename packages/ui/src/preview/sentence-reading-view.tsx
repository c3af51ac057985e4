import { averageAt, ItemCard } from './item-card';
import { matchAnswers } from './results';
import type { PreviewViewProps } from './types';

/**
 * 文の音読: a list of items, each with screen text or evaluated markup, optional
 * picture, translation and teacher note, 得点, 原文を再生, 録音を再生 and 平均点.
 */
export function SentenceReadingView(props: PreviewViewProps) {
  const results = matchAnswers(props.detail, props.answers);
  return (
    <div data-testid="preview-sentence_reading">
      {props.detail.items.map((item) => (
        <ItemCard
          key={item.index}
          item={item}
          result={results.get(item.index)}
          average={averageAt(props, item.index)}
          props={props}
        />
      ))}
    </div>
  );
}
