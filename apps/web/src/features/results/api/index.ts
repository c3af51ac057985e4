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
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useCallMutation } from '../../../lib/queries';

/** The results feature's calls, one declaration each (docs/results.md). */
export const allTopicOverviewQueryOptions = (homeworkId: number) =>
  queryOptions({
    queryKey: queryKeys.results.overview(homeworkId),
    queryFn: () => api.call(getAllTopicOverview, { homework_id: homeworkId }),
  });
export const useAllTopicOverview = (homeworkId: number) => useQuery(allTopicOverviewQueryOptions(homeworkId));

export const topicOverviewQueryOptions = (homeworkId: number, topicId: number) =>
  queryOptions({
    queryKey: queryKeys.results.topic(homeworkId, topicId),
    queryFn: () => api.call(getOneTopicOverview, { homework_id: homeworkId, topic_id: topicId }),
  });
export const useTopicOverview = (homeworkId: number, topicId: number) =>
  useQuery(topicOverviewQueryOptions(homeworkId, topicId));

export const questionOverviewQueryOptions = (homeworkId: number, topicId: number) =>
  queryOptions({
    queryKey: queryKeys.results.questions(homeworkId, topicId),
    queryFn: () => api.call(getOneTopicQuestionOverview, { homework_id: homeworkId, topic_id: topicId }),
  });
export const useQuestionOverview = (homeworkId: number, topicId: number) =>
  useQuery(questionOverviewQueryOptions(homeworkId, topicId));

export const matrixTopicsQueryOptions = (homeworkId: number) =>
  queryOptions({
    queryKey: queryKeys.results.matrixX(homeworkId),
    queryFn: () => api.call(getTopicScoreOverviewX, { homework_id: homeworkId }),
  });
export const useMatrixTopics = (homeworkId: number) => useQuery(matrixTopicsQueryOptions(homeworkId));

export const matrixRowsQueryOptions = (params: CallInput<typeof getTopicScoreOverviewY>) =>
  queryOptions({
    queryKey: queryKeys.results.matrixY(params),
    queryFn: () => api.call(getTopicScoreOverviewY, params),
    placeholderData: keepPreviousData,
  });
export const useMatrixRows = (params: CallInput<typeof getTopicScoreOverviewY>) =>
  useQuery(matrixRowsQueryOptions(params));

export type PaperParams = CallInput<typeof getStudentHomeworkTopicDetails>;

export const answerPaperQueryOptions = (params: PaperParams) =>
  queryOptions({
    queryKey: queryKeys.results.paper(params),
    queryFn: () => api.call(getStudentHomeworkTopicDetails, params),
  });
export const useAnswerPaper = (params: PaperParams) => useQuery(answerPaperQueryOptions(params));

/** A word correction changes the answer paper, the topic's and the homework's numbers: every results read. */
export const useCorrectWord = () => useCallMutation(correctAnswerWord, { invalidates: () => [queryKeys.results.all] });

/** The class's common mistakes (the commentary page); refetched after a word correction like every results read. */
export const commentaryQueryOptions = (homeworkId: number) =>
  queryOptions({
    queryKey: queryKeys.results.commentary(homeworkId),
    queryFn: () => api.call(getCommentary, { homework_id: homeworkId }),
  });
export const useCommentary = (homeworkId: number) => useQuery(commentaryQueryOptions(homeworkId));

/** The teacher's comment draft, read once: the editor owns the text after that (no refetch on focus). */
export const commentDraftQueryOptions = (homeworkId: number) =>
  queryOptions({
    queryKey: queryKeys.results.commentDraft(homeworkId),
    queryFn: () => api.call(getCommentDraft, { homework_id: homeworkId }),
    staleTime: Infinity,
    refetchOnWindowFocus: false,
    retry: false,
  });
export const useCommentDraft = (homeworkId: number) => useQuery(commentDraftQueryOptions(homeworkId));

/**
 * Autosave of the comment draft: the cached draft is replaced by the saved one (nothing is
 * refetched, so the text being typed is never overwritten).
 */
export const useSaveCommentDraft = () =>
  useCallMutation(saveCommentDraft, {
    // Quietly: an autosave that fails every second must not raise a toast or a retry dialog each
    // time; the editor shows the failure itself and keeps the text (docs/results.md). A 401 still
    // signs out: the text stays in localStorage and is restored when the page opens again.
    quiet: true,
    writes: (data, input) => [{ queryKey: queryKeys.results.commentDraft(Number(input.homework_id)), data }],
  });
