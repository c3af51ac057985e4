import {
  correctAnswerWord,
  getAllTopicOverview,
  getOneTopicOverview,
  getOneTopicQuestionOverview,
  getStudentHomeworkTopicDetails,
  getTopicScoreOverviewX,
  getTopicScoreOverviewY,
  getCommentary,
  getCommentDraft,
  saveCommentDraft,
  type CallInput,
} from '@ondoku/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useCallMutation } from '../../../lib/queries';

/** The results feature's calls, one declaration each (docs/results.md). */
export const useAllTopicOverview = (homeworkId: number) =>
  useQuery({
    queryKey: queryKeys.results.overview(homeworkId),
    queryFn: () => api.call(getAllTopicOverview, { homework_id: homeworkId }),
  });

export const useTopicOverview = (homeworkId: number, topicId: number) =>
  useQuery({
    queryKey: queryKeys.results.topic(homeworkId, topicId),
    queryFn: () => api.call(getOneTopicOverview, { homework_id: homeworkId, topic_id: topicId }),
  });

export const useQuestionOverview = (homeworkId: number, topicId: number) =>
  useQuery({
    queryKey: queryKeys.results.questions(homeworkId, topicId),
    queryFn: () => api.call(getOneTopicQuestionOverview, { homework_id: homeworkId, topic_id: topicId }),
  });

export const useMatrixTopics = (homeworkId: number) =>
  useQuery({
    queryKey: queryKeys.results.matrixX(homeworkId),
    queryFn: () => api.call(getTopicScoreOverviewX, { homework_id: homeworkId }),
  });

export const useMatrixRows = (params: CallInput<typeof getTopicScoreOverviewY>) =>
  useQuery({
    queryKey: queryKeys.results.matrixY(params),
    queryFn: () => api.call(getTopicScoreOverviewY, params),
    placeholderData: keepPreviousData,
  });

export type PaperParams = CallInput<typeof getStudentHomeworkTopicDetails>;

export const useAnswerPaper = (params: PaperParams) =>
  useQuery({
    queryKey: queryKeys.results.paper(params),
    queryFn: () => api.call(getStudentHomeworkTopicDetails, params),
  });

/** A word correction changes the answer paper, the topic's and the homework's numbers: every results read. */
export const useCorrectWord = () => useCallMutation(correctAnswerWord, { invalidates: () => [queryKeys.results.all] });

/** The class's common mistakes (the commentary page); refetched after a word correction like every results read. */
export const useCommentary = (homeworkId: number) =>
  useQuery({
    queryKey: queryKeys.results.commentary(homeworkId),
    queryFn: () => api.call(getCommentary, { homework_id: homeworkId }),
  });

/** The teacher's comment draft, read once: the editor owns the text after that (no refetch on focus). */
export const useCommentDraft = (homeworkId: number) =>
  useQuery({
    queryKey: queryKeys.results.commentDraft(homeworkId),
    queryFn: () => api.call(getCommentDraft, { homework_id: homeworkId }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });

/**
 * Autosave of the comment draft: the cached draft is replaced by the saved one (nothing is
 * refetched, so the text being typed is never overwritten).
 */
export const useSaveCommentDraft = () => {
  const queryClient = useQueryClient();
  return useMutation({
    // Quietly: an autosave that fails every second must not raise a toast or a retry dialog each
    // time; the editor shows the failure itself and keeps the text (docs/results.md). A 401 still
    // signs out: the text stays in localStorage and is restored when the page opens again.
    mutationFn: (input: CallInput<typeof saveCommentDraft>) => api.quiet.call(saveCommentDraft, input),
    onSuccess: (data, input) =>
      queryClient.setQueryData(queryKeys.results.commentDraft(Number(input.homework_id)), data),
  });
};
