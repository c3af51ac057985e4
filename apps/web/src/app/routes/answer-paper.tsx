import { useParams, useSearchParams } from 'react-router';
import { NotFound } from '../../components/ui/load-state';
import { paths } from '../../config/paths';
import { PreviewView } from '@ondoku/ui/preview';
import { AnswerPaper } from '../../features/results/components/answer-paper';
import { WritingNotes } from '../../features/student-messages/components/writing-notes';
import type { RouteHandle } from '../router';
import { idParam } from './id-param';

export const handle: RouteHandle = { title: '解答用紙', level: 3, menu: paths.homeworkList.path };

/** One child's answer paper: the results feature with the library's preview views (composed here). */
export function Component() {
  const params = useParams();
  const [search, setSearch] = useSearchParams();
  const homeworkId = idParam(params.homeworkId);
  const topicId = idParam(params.topicId);
  const loginId = params.loginId;
  const attemptId = idParam(search.get('attempt_id')) ?? undefined;
  if (homeworkId === null || topicId === null || !loginId)
    return <NotFound backTo={paths.homeworkList.path} backLabel="宿題一覧へ戻る" />;
  return (
    <AnswerPaper
      homeworkId={homeworkId}
      topicId={topicId}
      loginId={loginId}
      attemptId={attemptId}
      onAttemptChange={(id) => setSearch({ attempt_id: String(id) }, { replace: true })}
      Preview={PreviewView}
      notes={<WritingNotes topicId={topicId} loginId={loginId} />}
    />
  );
}
