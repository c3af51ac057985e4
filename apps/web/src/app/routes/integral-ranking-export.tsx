import { useSearchParams } from 'react-router';
import { IntegralExport } from '../../features/rankings/components/integral-export';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'ポイントランキング（印刷）', level: 0 };

export function Component() {
  return <IntegralExport search={useSearchParams()[0]} />;
}
