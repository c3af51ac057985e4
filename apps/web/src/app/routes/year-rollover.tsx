import { paths } from '../../config/paths';
import { YearRollover } from '../../features/students/components/year-rollover';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '年度更新', level: 1, menu: paths.classEditing.path };

export function Component() {
  return <YearRollover />;
}
