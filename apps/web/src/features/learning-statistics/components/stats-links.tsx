import { paths } from '../../../config/paths';
import { StatsLinks } from './parts';

/** The statistics screens and the current month's self-practice summary (with its Excel file), from each other. */
const all = [
  { href: paths.progressGraph.path, label: '成績の推移' },
  { href: paths.usageAmount.path, label: '学習量' },
  { href: paths.wordProgress.path, label: '単語の進捗' },
  { href: paths.intelligence.path, label: '発音の分析' },
  { href: paths.selfPracticeHome.path, label: '今月の自主学習（エクセル出力）' },
];

export function StatisticsNav({ current }: { current: string }) {
  return <StatsLinks links={all.filter((l) => l.href !== current)} />;
}
