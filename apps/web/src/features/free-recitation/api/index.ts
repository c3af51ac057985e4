import {
  changeResourceTranslate,
  createResource,
  deleteRecitationResource,
  getRecitationResource,
  getRemainingTimes,
  getToneTypeList,
  startCreateResource,
  textToSpeech,
  uploadSoundFile,
} from '@ondoku/contract';
import { queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useCallMutation } from '../../../lib/queries';

/** Free recitation's calls (contract calls/free-recitation.ts), one declaration each. */

export const toneTypesQueryOptions = () =>
  queryOptions({
    queryKey: queryKeys.recitation.toneTypes(),
    queryFn: () => api.call(getToneTypeList, {}),
    staleTime: Infinity,
  });
export const useToneTypes = () => useQuery(toneTypesQueryOptions());

export const remainingTimesQueryOptions = () =>
  queryOptions({ queryKey: queryKeys.recitation.remaining(), queryFn: () => api.call(getRemainingTimes, {}) });
export const useRemainingTimes = () => useQuery(remainingTimesQueryOptions());

export const recitationResourceQueryOptions = (resourceId: number | null) =>
  queryOptions({
    queryKey: queryKeys.recitation.resource(resourceId ?? 0),
    queryFn: resourceId === null ? skipToken : () => api.call(getRecitationResource, { resource_id: resourceId }),
  });
export const useRecitationResource = (resourceId: number | null) =>
  useQuery(recitationResourceQueryOptions(resourceId));

/** start-create-resource throws its reply on a non-zero errcode (the requester's rule for every call). */
export const useStartCreateResource = () => useCallMutation(startCreateResource);
export const useTextToSpeech = () => useCallMutation(textToSpeech);
export const useChangeTranslate = () => useCallMutation(changeResourceTranslate);
export const useCreateResource = () =>
  useCallMutation(createResource, {
    invalidates: () => [queryKeys.library.all, queryKeys.recitation.all],
  });
export const useDeleteRecitationResource = () =>
  useCallMutation(deleteRecitationResource, {
    invalidates: () => [queryKeys.library.all, queryKeys.recitation.all],
  });

/** The teacher's own reading: a file she chose or the recorder's WAV, with upload progress. */
export const uploadRecording = (
  input: { guid: string; index: number; content: string; file: File },
  onProgress: (percent: number) => void,
) => api.upload(uploadSoundFile, input, { onProgress });
