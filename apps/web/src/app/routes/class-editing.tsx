import { ClassList } from '../../features/classes/components/class-list';
import { ImportStudentsButton } from '../../features/students/components/import-button';
import { StudentSearchBox } from '../../features/students/components/student-search-box';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: 'クラス・ID編集', level: 0, keepAlive: true };

export function Component() {
  return (
    <>
      <div style={{ marginBottom: 16 }}>
        <StudentSearchBox />
      </div>
      <ClassList extra={<ImportStudentsButton />} />
    </>
  );
}
