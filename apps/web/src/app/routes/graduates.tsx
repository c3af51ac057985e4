import { paths } from '../../config/paths';
import { ArchivedClasses } from '../../features/classes/components/archived-classes';
import { Graduates } from '../../features/students/components/graduates';
import { RolloverRecords } from '../../features/students/components/rollover-records';
import type { RouteHandle } from '../router';

export const handle: RouteHandle = { title: '卒業生・昨年度のクラス', level: 1, menu: paths.classEditing.path };

export function Component() {
  return (
    <>
      <Graduates />
      <ArchivedClasses />
      <RolloverRecords />
    </>
  );
}
