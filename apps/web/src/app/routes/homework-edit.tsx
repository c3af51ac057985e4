import { useSearchParams } from 'react-router';
import { paths } from '../../config/paths';
import { HomeworkEdit } from '../../features/homework/components/homework-edit';
import type { RouteHandle } from '../router';
import { idParam } from './id-param';

export const handle: RouteHandle = { title: '宿題の変更', level: 1, menu: paths.homeworkList.path };

export function Component() {
  const [params] = useSearchParams();
  const id = idParam(params.get('homework_id'));
  return <HomeworkEdit key={id} homeworkId={id} />;
}
