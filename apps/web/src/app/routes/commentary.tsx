import { useParams } from 'react-router';
import { NotFound } from '../../components/ui/load-state';
import { paths } from '../../config/paths';
import { PlayButton } from '@ondoku/ui/preview';
import { Commentary } from '../../features/results/components/commentary';
import type { RouteHandle } from '../router';
import { idParam } from './id-param';

export const handle: RouteHandle = { title: '解説用ページ', level: 2, menu: paths.homeworkList.path };

/** The commentary page: the results feature with the library's model-audio button (composed here). */
export function Component() {
  const id = idParam(useParams().homeworkId);
  if (id === null) return <NotFound backTo={paths.homeworkList.path} backLabel="宿題一覧へ戻る" />;
  return (
    <Commentary key={id} homeworkId={id} play={(src, label) => <PlayButton src={src} label={label} size="small" />} />
  );
}
