import { RankingScreen } from '../../features/rankings/components/ranking-screen';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'ランキング', level: 0 };

export function Component() {
  return <RankingScreen />;
}
