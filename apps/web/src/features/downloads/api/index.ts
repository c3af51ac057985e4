import {
  createDownloadTask,
  deleteDownloadTasks,
  downloadTaskFile,
  getDownloadTaskPageList,
  retryDownloadTask,
  sendStudentTopicMail,
  type CallInput,
} from '@ondoku/contract';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useCallMutation } from '../../../lib/queries';
import { saveFile } from '../../../lib/save-file';

/** Download tasks (docs/downloads.md): the list polls every 2 s while any task is being made. */
export const POLL_MS = 2_000;

export const downloadTasksQueryOptions = (params: CallInput<typeof getDownloadTaskPageList>) =>
  queryOptions({
    queryKey: queryKeys.downloads.page(params),
    queryFn: () => api.call(getDownloadTaskPageList, params),
    placeholderData: keepPreviousData,
    refetchInterval: (q) => ((q.state.data?.processing ?? 0) > 0 ? POLL_MS : false),
  });
export const useDownloadTasks = (params: CallInput<typeof getDownloadTaskPageList>) =>
  useQuery(downloadTasksQueryOptions(params));

export const useCreateDownloadTask = () =>
  useCallMutation(createDownloadTask, { invalidates: () => [queryKeys.downloads.all] });
export const useRetryDownloadTask = () =>
  useCallMutation(retryDownloadTask, { invalidates: () => [queryKeys.downloads.all] });
export const useDeleteDownloadTasks = () =>
  useCallMutation(deleteDownloadTasks, { invalidates: () => [queryKeys.downloads.all] });

/** The file of a finished task, saved under the server's Japanese file name. */
export async function saveTaskFile(taskId: number, fallbackName: string) {
  const { blob, filename } = await api.download(downloadTaskFile, { task_id: taskId });
  saveFile(blob, filename ?? fallbackName);
}

/** The homework's results by e-mail (both files attached). */
export const useSendResultsMail = () => useCallMutation(sendStudentTopicMail);
