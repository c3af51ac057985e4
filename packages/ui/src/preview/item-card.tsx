import type { PreviewItem } from '@ondoku/contract';
import type { ReactNode } from 'react';
import { ItemFooter, ItemText, TeacherNote } from './parts';
import type { ItemResult } from './results';
import type { PreviewViewProps } from './types';

/** One item of a list-shaped preview: number, text (or markup), translation, picture, note, footer. */
export function ItemCard({
  item,
  result,
  average,
  props,
  afterText,
  extra,
  testId = 'preview-item',
}: {
  item: PreviewItem;
  result: ItemResult | undefined;
  average: number | null | undefined;
  props: PreviewViewProps;
  /** A line right under the text (a word's IPA). */
  afterText?: ReactNode;
  /** Type-specific lines under the translation (an example sentence). */
  extra?: ReactNode;
  testId?: string;
}) {
  const showTranslations = props.showTranslations ?? true;
  return (
    <article className="lib-item" data-testid={testId} aria-label={`問題${item.index + 1}`}>
      <div className="lib-item-index" aria-hidden>
        {item.index + 1}
      </div>
      <div className="lib-item-body">
        <ItemText text={item.screen_text} html={result?.evaluate_html} />
        {afterText}
        {showTranslations && item.screen_text_translation && (
          <div className="lib-item-sub">{item.screen_text_translation}</div>
        )}
        {extra}
        {(props.showNotes ?? true) && <TeacherNote note={item.note_homework} />}
        <ItemFooter
          audio={item.audio_file}
          result={result}
          average={average}
          actions={props.renderItemActions?.(item, result)}
        />
      </div>
      {item.screen_pic && (
        <img
          className="lib-item-pic"
          src={item.screen_pic}
          alt={item.screen_text}
          // A picture that does not load is left out rather than shown broken.
          onError={(e) => (e.currentTarget.style.display = 'none')}
        />
      )}
    </article>
  );
}

/** The average of item `index` from the class-average list, if any. */
export const averageAt = (props: PreviewViewProps, index: number) => props.averages?.[index]?.score ?? null;

/** A word's pronunciation (IPA between slashes). */
export function Ipa({ ipa }: { ipa: string }) {
  return (
    <div
      lang="en"
      aria-label="発音記号"
      style={{ color: '#0958d9', fontFamily: "'Lucida Sans Unicode', 'Arial Unicode MS', sans-serif" }}
    >
      {ipa}
    </div>
  );
}
