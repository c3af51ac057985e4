import type { PreviewItem, ResourceDetail } from '@ondoku/contract';
import type { ReactNode } from 'react';
import type { ClassAverages, ItemResult, ResourceScores, StudentAnswer } from './results';

/**
 * What every preview view takes. The library shows a resource alone; answer papers add a
 * child's answers, the class averages and the resource's scores; the practice screens put the
 * record button in `renderItemActions`.
 */
export interface PreviewViewProps {
  detail: ResourceDetail;
  /** A child's answers, matched to items by question_id = index (0 for an article). */
  answers?: readonly StudentAnswer[];
  averages?: ClassAverages;
  scores?: ResourceScores;
  /** A per-item area (the practice screen's record button; the library's 自分で読んでみる). */
  renderItemActions?(item: PreviewItem, result: ItemResult | undefined): ReactNode;
  /** Teacher notes (指導メモ); practice screens for children turn them off. Default shown. */
  showNotes?: boolean;
  /** Japanese translations. Default shown. */
  showTranslations?: boolean;
}
