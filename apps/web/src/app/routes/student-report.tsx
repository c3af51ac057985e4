import { useSearchParams } from 'react-router';
import { NotFound } from '../../components/ui/load-state';
import { paths } from '../../config/paths';
import { StudentReport } from '../../features/study-survey/components/student-report';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '学習レポート', level: 2, menu: paths.classEditing.path };

/** /homework/student-report?student_id=…: one child's study report (docs/study-survey.md). */
export function Component() {
  const loginId = useSearchParams()[0].get('student_id')?.trim() ?? '';
  if (!loginId) return <NotFound backTo={paths.studentOverview.path} backLabel="生徒一覧へ戻る" />;
  return <StudentReport key={loginId} loginId={loginId} />;
}
