import { useParams } from 'react-router';
import { paths } from '../../config/paths';
import { ReissueDetails } from '../../features/homework/components/reissues';
import type { RouteHandle } from '../router';
import { idParam } from './id-param';

export const handle: RouteHandle = { title: '再配信の詳細', level: 1, menu: paths.homeworkList.path };

export function Component() {
  const id = idParam(useParams().id);
  return <ReissueDetails key={id} id={id} />;
}
