import { WordProgress } from '../../features/learning-statistics/components/word-progress';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '単語の進捗', level: 0 };

export function Component() {
  return <WordProgress />;
}
