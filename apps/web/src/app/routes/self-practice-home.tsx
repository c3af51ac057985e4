import { SelfPracticeHome } from '../../features/self-practice/components/self-practice-home';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '自主学習', level: 0 };

export function Component() {
  return <SelfPracticeHome />;
}
