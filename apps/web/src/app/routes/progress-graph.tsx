import { ProgressGraph } from '../../features/learning-statistics/components/progress-graph';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '成績の推移', level: 0 };

export function Component() {
  return <ProgressGraph />;
}
