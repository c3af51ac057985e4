import { useParams } from 'react-router';
import { NotFound } from '../../components/ui/load-state';
import { paths } from '../../config/paths';
import { TopicResults } from '../../features/results/components/topic-results';
import type { RouteHandle } from '../router';
import { idParam } from './id-param';

export const handle: RouteHandle = { title: '教材の結果', level: 2, menu: paths.homeworkList.path };

export function Component() {
  const params = useParams();
  const homeworkId = idParam(params.homeworkId);
  const topicId = idParam(params.topicId);
  if (homeworkId === null || topicId === null)
    return <NotFound backTo={paths.homeworkList.path} backLabel="宿題一覧へ戻る" />;
  return <TopicResults key={`${homeworkId}-${topicId}`} homeworkId={homeworkId} topicId={topicId} />;
}
