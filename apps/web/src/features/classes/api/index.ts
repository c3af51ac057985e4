import {
  createClass,
  deleteClass,
  getArchivedClassRows,
  getClassCode,
  getClassInfo,
  hideClass,
  renewClassCode,
  reorderClasses,
  restoreClass,
  showClass,
  updateClass,
} from '@ondoku/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useCallMutation } from '../../../lib/queries';

/**
 * The classes feature's calls, one declaration each (the contract call and its key, or the keys
 * it invalidates); the class list itself is shared (lib/queries: useClassList).
 * Every class change refetches the class list, each class's info and the picker tree.
 */
const classChange = { invalidates: () => [queryKeys.classes.all] };

export const classInfoQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: queryKeys.classes.info(classId),
    queryFn: () => api.call(getClassInfo, { team_id: classId }),
  });
export const useClassInfo = (classId: number) => useQuery(classInfoQueryOptions(classId));

export const useCreateClass = () => useCallMutation(createClass, classChange);
export const useUpdateClass = () => useCallMutation(updateClass, classChange);
export const useReorderClasses = () => useCallMutation(reorderClasses, classChange);
export const useHideClass = () => useCallMutation(hideClass, classChange);
export const useShowClass = () => useCallMutation(showClass, classChange);

/** Deleting a class also changes the students' memberships (クラス未所属): both are refetched. */
const classAndStudentChange = { invalidates: () => [queryKeys.classes.all, queryKeys.students.all] };
export const useDeleteClass = () => useCallMutation(deleteClass, classAndStudentChange);
export const useRestoreClass = () => useCallMutation(restoreClass, classAndStudentChange);

export const classCodeQueryOptions = (classId: number) =>
  queryOptions({
    queryKey: queryKeys.classes.code(classId),
    queryFn: () => api.call(getClassCode, { team_id: classId }),
  });
export const useClassCode = (classId: number) => useQuery(classCodeQueryOptions(classId));
export const useRenewClassCode = () => useCallMutation(renewClassCode, classChange);

export const archivedClassesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.classes.archived(), queryFn: () => api.call(getArchivedClassRows, {}) });
export const useArchivedClasses = () => useQuery(archivedClassesQueryOptions());
