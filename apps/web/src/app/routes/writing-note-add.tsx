import { useSearchParams } from 'react-router';
import { NotFound } from '../../components/ui/load-state';
import { paths } from '../../config/paths';
import { WritingNoteForm } from '../../features/student-messages/components/writing-note-form';
import type { RouteHandle } from '../router';
import { idParam } from './id-param';

export const handle: RouteHandle = { title: 'コメントを書く', level: 4, menu: paths.homeworkList.path };

/** /homework/writing/add?topic_id=&student_id= (docs/student-messages.md): opened from an answer paper's 「コメントを書く」. */
export function Component() {
  const [search] = useSearchParams();
  const topicId = idParam(search.get('topic_id'));
  const loginId = search.get('student_id');
  if (topicId === null || !loginId) return <NotFound backTo={paths.homeworkList.path} backLabel="宿題一覧へ戻る" />;
  return <WritingNoteForm key={`${topicId}:${loginId}`} topicId={topicId} loginId={loginId} />;
}
