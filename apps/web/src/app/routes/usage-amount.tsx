import { UsageAmount } from '../../features/learning-statistics/components/usage-amount';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '学習量', level: 0 };

export function Component() {
  return <UsageAmount />;
}
