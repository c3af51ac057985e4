import {
  checkApplyRoster,
  getApplicationFile,
  getApplyBasicInfo,
  getApplyOrderList,
  getApplyOrderSelectData,
  getStudentImportTemplate,
  putApplyRequest,
  withdrawApplication,
  type CallInput,
} from '@ondoku/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useCallMutation } from '../../../lib/queries';
import { saveFile } from '../../../lib/save-file';

/** Account applications (docs/account-applications.md): reads, withdrawal, the file, and the two uploads. */

export const applyBasicInfoQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.accountApplications.basicInfo(), queryFn: () => api.call(getApplyBasicInfo, {}) });
export const useApplyBasicInfo = () => useQuery(applyBasicInfoQueryOptions());

export const applySelectDataQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.accountApplications.selectData(),
    queryFn: () => api.call(getApplyOrderSelectData, {}),
  });
export const useApplySelectData = () => useQuery(applySelectDataQueryOptions());

export const applicationListQueryOptions = (params: CallInput<typeof getApplyOrderList>) =>
  queryOptions({
    queryKey: queryKeys.accountApplications.list(params),
    queryFn: () => api.call(getApplyOrderList, params),
    placeholderData: keepPreviousData,
  });
export const useApplicationList = (params: CallInput<typeof getApplyOrderList>) =>
  useQuery(applicationListQueryOptions(params));

export const useWithdrawApplication = () =>
  useCallMutation(withdrawApplication, { invalidates: () => [queryKeys.accountApplications.all] });

/** The fields of the form as they travel (multipart text parts). */
export interface ApplicationUpload {
  apply_type: string;
  team_id?: string;
  note?: string;
  grade_name?: string;
  teacher_name?: string;
  teacher_email?: string;
  file: File;
}

/** Check a file before sending (quiet: the form shows what is wrong beside the file). */
export const checkApplicationFile = (input: ApplicationUpload, onProgress: (p: number) => void) =>
  api.quiet.upload(
    checkApplyRoster,
    { apply_type: input.apply_type, team_id: input.team_id, file: input.file },
    { onProgress },
  );

export const sendApplication = (input: ApplicationUpload, onProgress: (p: number) => void) =>
  api.quiet.upload(putApplyRequest, input, { onProgress });

export async function downloadApplicationFile(id: number, name: string) {
  const { blob, filename } = await api.download(getApplicationFile, { id });
  saveFile(blob, filename ?? name);
}

/** The class import's template: the roster of an application has its columns (クラス for new students). */
export async function downloadRosterTemplate(withClass: boolean) {
  const { blob, filename } = await api.download(getStudentImportTemplate, { with_team: withClass ? 1 : 0 });
  saveFile(blob, filename ?? '生徒取り込みテンプレート.xlsx');
}
