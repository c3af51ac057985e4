import { paths } from '../../config/paths';
import { useParams } from 'react-router';
import { ClassCodePanel } from '../../features/classes/components/class-code-panel';
import { ClassSummary } from '../../features/classes/components/class-summary';
import { ClassStudents } from '../../features/students/components/class-students';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'クラスの生徒', level: 1, menu: paths.classEditing.path };

export function Component() {
  const teamId = Number(useParams().teamId);
  return (
    <>
      <ClassSummary teamId={teamId} />
      <ClassCodePanel key={`code-${teamId}`} teamId={teamId} />
      <ClassStudents key={teamId} teamId={teamId} />
    </>
  );
}
