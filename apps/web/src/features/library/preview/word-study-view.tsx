import { averageAt, ItemCard } from './item-card';
import { matchAnswers } from './results';
import type { PreviewViewProps } from './types';

/** 単語学習: each word with its picture, IPA, meaning and an example sentence to hear. */
export function WordStudyView(props: PreviewViewProps) {
  const results = matchAnswers(props.detail, props.answers);
  const showTranslations = props.showTranslations ?? true;
  return (
    <div data-testid="preview-word_study">
      {props.detail.items.map((item) => (
        <ItemCard
          key={item.index}
          item={item}
          result={results.get(item.index)}
          average={averageAt(props, item.index)}
          props={props}
          extra={
            <>
              {item.ipa && <div className="lib-item-sub" lang="en" aria-label="発音記号">{item.ipa}</div>}
              {item.example && (
                <div style={{ marginTop: 8, padding: '6px 10px', background: '#fafafa', borderRadius: 6 }}>
                  <span style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)', marginRight: 8 }}>例文</span>
                  <span lang="en">{item.example.text}</span>
                  {showTranslations && (
                    <div style={{ fontSize: 13, color: 'rgba(0,0,0,0.55)' }}>{item.example.translation}</div>
                  )}
                </div>
              )}
            </>
          }
        />
      ))}
    </div>
  );
}
