import type { ExerciseType } from '@ondoku/contract';
import type { ComponentType } from 'react';
import { ArticleReadingView } from './article-reading-view';
import { DialogView } from './dialog-view';
import { GrammarChoiceView } from './grammar-choice-view';
import { ListeningView } from './listening-view';
import { ReadingComprehensionView } from './reading-comprehension-view';
import { SentenceReadingView } from './sentence-reading-view';
import type { PreviewViewProps } from './types';
import { WordReadingView } from './word-reading-view';
import { WordStudyView } from './word-study-view';

/** The preview view of each exercise type (docs/library-web.md, "The preview views"), one component each. */
export const previewViews: Record<ExerciseType, ComponentType<PreviewViewProps>> = {
  word_study: WordStudyView,
  word_reading: WordReadingView,
  sentence_reading: SentenceReadingView,
  article_reading: ArticleReadingView,
  dialog: DialogView,
  grammar_choice: GrammarChoiceView,
  listening: ListeningView,
  reading_comprehension: ReadingComprehensionView,
};

/** The matching view for a resource's type. */
export function PreviewView(props: PreviewViewProps) {
  const View = previewViews[props.detail.type];
  return <View {...props} />;
}
