import { averageAt, Ipa, ItemCard } from './item-card';
import { matchAnswers } from './results';
import type { PreviewViewProps } from './types';

/** 単語音読: each word to read aloud, with its IPA and meaning. */
export function WordReadingView(props: PreviewViewProps) {
  const results = matchAnswers(props.detail, props.answers);
  return (
    <div data-testid="preview-word_reading">
      {props.detail.items.map((item) => (
        <ItemCard
          key={item.index}
          item={item}
          result={results.get(item.index)}
          average={averageAt(props, item.index)}
          props={props}
          afterText={item.ipa && <Ipa ipa={item.ipa} />}
        />
      ))}
    </div>
  );
}
