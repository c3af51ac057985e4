import { Skeleton } from 'antd';
import { paths } from '../../config/paths';
import { useParams } from 'react-router';
import { ClassCodePanel } from '../../features/classes/components/class-code-panel';
import { readFailure } from '../../components/ui/load-state';
import { useClassInfo } from '../../features/classes/api';
import { ClassSummary } from '../../features/classes/components/class-summary';
import { ClassStudents } from '../../features/students/components/class-students';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'クラスの生徒', level: 1, menu: paths.classEditing.path };

/** A class id that is unknown or another teacher's: one not-found state, no list, no live actions (docs/classes.md, Edges). */
const backToClasses = { backTo: paths.classEditing.path, backLabel: 'クラス一覧へ戻る' };

export function Component() {
  const classId = Number(useParams().classId);
  const info = useClassInfo(classId);
  const failure = readFailure(info, backToClasses);
  if (failure) return failure;
  if (!info.data) return <Skeleton active paragraph={{ rows: 4 }} />;
  return (
    <>
      <ClassSummary classId={classId} />
      <ClassCodePanel key={`code-${classId}`} classId={classId} />
      <ClassStudents key={classId} classId={classId} />
    </>
  );
}
