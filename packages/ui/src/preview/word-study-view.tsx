import { averageAt, Ipa, ItemCard } from './item-card';
import { extrasOf } from './item-extras';
import { PlayButton } from './parts';
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
          afterText={item.ipa && <Ipa ipa={item.ipa} />}
          extra={
            <>
              {item.example && (
                <div style={{ marginTop: 8, padding: '6px 10px', background: '#fafafa', borderRadius: 6 }}>
                  <span style={{ fontSize: 12, color: 'rgba(0,0,0,0.45)', marginRight: 8 }}>例文</span>
                  <span lang="en">{item.example.text}</span>
                  {extrasOf(item).example?.audio_file && (
                    <span style={{ marginLeft: 8 }}>
                      <PlayButton src={extrasOf(item).example?.audio_file} label="例文を再生" size="small" />
                    </span>
                  )}
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
