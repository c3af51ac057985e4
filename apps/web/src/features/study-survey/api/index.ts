import {
  downloadTaskFile,
  exportStudentHomeworkReport,
  exportStudentStudyReport,
  getDownloadTaskPageList,
  getHomeworkSearchFilter2,
  getQuestionAnswerLogs,
  getStudentHomeworkReport,
  getStudentStudyReport,
  getSurveyHomeworkTopicDetails,
  getSurveyHomeworkTopicList,
  type CallInput,
  type StudyPeriod,
} from '@ondoku/contract';
import { keepPreviousData, queryOptions, skipToken, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useCallMutation } from '../../../lib/queries';
import { saveFile } from '../../../lib/save-file';

/** The study survey of one child (docs/study-survey.md), one declaration per call. */
export const surveyFilterQueryOptions = (loginId: string) =>
  queryOptions({
    queryKey: queryKeys.studySurvey.filter(loginId),
    queryFn: () => api.call(getHomeworkSearchFilter2, { student_id: loginId }),
  });
export const useSurveyFilter = (loginId: string) => useQuery(surveyFilterQueryOptions(loginId));

export const studyReportQueryOptions = (loginId: string, period: StudyPeriod) =>
  queryOptions({
    queryKey: queryKeys.studySurvey.report(loginId, period),
    queryFn: () => api.call(getStudentStudyReport, { student_id: loginId, period }),
    placeholderData: keepPreviousData,
  });
export const useStudyReport = (loginId: string, period: StudyPeriod) =>
  useQuery(studyReportQueryOptions(loginId, period));

export type SurveyHomeworkParams = CallInput<typeof getSurveyHomeworkTopicList>;
export const surveyHomeworkQueryOptions = (params: SurveyHomeworkParams) =>
  queryOptions({
    queryKey: queryKeys.studySurvey.homework(params),
    queryFn: () => api.call(getSurveyHomeworkTopicList, params),
    placeholderData: keepPreviousData,
  });
export const useSurveyHomework = (params: SurveyHomeworkParams) => useQuery(surveyHomeworkQueryOptions(params));

export const studentHomeworkReportQueryOptions = (loginId: string, homeworkId: number | null) =>
  queryOptions({
    queryKey: queryKeys.studySurvey.homeworkReport(loginId, homeworkId ?? 0),
    queryFn:
      homeworkId === null
        ? skipToken
        : () => api.call(getStudentHomeworkReport, { student_id: loginId, homework_id: homeworkId }),
  });
export const useStudentHomeworkReport = (loginId: string, homeworkId: number | null) =>
  useQuery(studentHomeworkReportQueryOptions(loginId, homeworkId));

export const surveyTopicQueryOptions = (loginId: string, homeworkId: number, topicId: number | null) =>
  queryOptions({
    queryKey: queryKeys.studySurvey.topic(loginId, homeworkId, topicId ?? 0),
    queryFn:
      topicId === null
        ? skipToken
        : () =>
            api.call(getSurveyHomeworkTopicDetails, {
              student_id: loginId,
              homework_id: homeworkId,
              topic_id: topicId,
            }),
  });
export const useSurveyTopic = (loginId: string, homeworkId: number, topicId: number | null) =>
  useQuery(surveyTopicQueryOptions(loginId, homeworkId, topicId));

export const answerLogsQueryOptions = (
  loginId: string,
  homeworkId: number,
  topicId: number,
  questionId: number | null,
) =>
  queryOptions({
    queryKey: queryKeys.studySurvey.answers(loginId, homeworkId, topicId, questionId ?? -1),
    queryFn:
      questionId === null
        ? skipToken
        : () =>
            api.call(getQuestionAnswerLogs, {
              student_id: loginId,
              homework_id: homeworkId,
              topic_id: topicId,
              question_id: questionId,
            }),
  });
export const useAnswerLogs = (loginId: string, homeworkId: number, topicId: number, questionId: number | null) =>
  useQuery(answerLogsQueryOptions(loginId, homeworkId, topicId, questionId));

export const useExportStudyReport = () =>
  useCallMutation(exportStudentStudyReport, { invalidates: () => [queryKeys.downloads.all] });
export const useExportHomeworkReport = () =>
  useCallMutation(exportStudentHomeworkReport, { invalidates: () => [queryKeys.downloads.all] });

/** The state of one download task, polled every 2 s while it is being made. */
export const taskStateQueryOptions = (taskId: number | null) =>
  queryOptions({
    queryKey: queryKeys.downloads.task(taskId),
    queryFn:
      taskId === null
        ? skipToken
        : async () =>
            (await api.call(getDownloadTaskPageList, { page: 1, limit: 20 })).rows.find((r) => r.task_id === taskId) ??
            null,
    refetchInterval: (q) => (q.state.data?.status === 'processing' || q.state.data === undefined ? 2_000 : false),
  });
export const useTaskState = (taskId: number | null) => useQuery(taskStateQueryOptions(taskId));

/** The file of a finished task, saved under the server's Japanese file name. */
export async function saveReportFile(taskId: number, fallbackName: string) {
  const { blob, filename } = await api.download(downloadTaskFile, { task_id: taskId });
  saveFile(blob, filename ?? fallbackName);
}
