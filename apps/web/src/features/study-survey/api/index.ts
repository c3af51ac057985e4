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
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';
import { queryKeys, useCallMutation } from '../../../lib/queries';
import { saveFile } from '../../../lib/save-file';

/** The study survey of one child (docs/study-survey.md), one declaration per call. */
export const useSurveyFilter = (studentId: string) =>
  useQuery({
    queryKey: queryKeys.studySurvey.filter(studentId),
    queryFn: () => api.call(getHomeworkSearchFilter2, { student_id: studentId }),
  });

export const useStudyReport = (studentId: string, period: StudyPeriod) =>
  useQuery({
    queryKey: queryKeys.studySurvey.report(studentId, period),
    queryFn: () => api.call(getStudentStudyReport, { student_id: studentId, period }),
    placeholderData: keepPreviousData,
  });

export type SurveyHomeworkParams = CallInput<typeof getSurveyHomeworkTopicList>;
export const useSurveyHomework = (params: SurveyHomeworkParams) =>
  useQuery({
    queryKey: queryKeys.studySurvey.homework(params),
    queryFn: () => api.call(getSurveyHomeworkTopicList, params),
    placeholderData: keepPreviousData,
  });

export const useStudentHomeworkReport = (studentId: string, homeworkId: number | null) =>
  useQuery({
    queryKey: queryKeys.studySurvey.homeworkReport(studentId, homeworkId ?? 0),
    queryFn: () => api.call(getStudentHomeworkReport, { student_id: studentId, homework_id: homeworkId! }),
    enabled: homeworkId !== null,
  });

export const useSurveyTopic = (studentId: string, homeworkId: number, topicId: number | null) =>
  useQuery({
    queryKey: queryKeys.studySurvey.topic(studentId, homeworkId, topicId ?? 0),
    queryFn: () =>
      api.call(getSurveyHomeworkTopicDetails, { student_id: studentId, homework_id: homeworkId, topic_id: topicId! }),
    enabled: topicId !== null,
  });

export const useAnswerLogs = (studentId: string, homeworkId: number, topicId: number, questionId: number | null) =>
  useQuery({
    queryKey: queryKeys.studySurvey.answers(studentId, homeworkId, topicId, questionId ?? -1),
    queryFn: () =>
      api.call(getQuestionAnswerLogs, {
        student_id: studentId,
        homework_id: homeworkId,
        topic_id: topicId,
        question_id: questionId!,
      }),
    enabled: questionId !== null,
  });

export const useExportStudyReport = () =>
  useCallMutation(exportStudentStudyReport, { invalidates: () => [queryKeys.downloads.all] });
export const useExportHomeworkReport = () =>
  useCallMutation(exportStudentHomeworkReport, { invalidates: () => [queryKeys.downloads.all] });

/** The state of one download task, polled every 2 s while it is being made. */
export const useTaskState = (taskId: number | null) =>
  useQuery({
    queryKey: [...queryKeys.downloads.all, 'task', taskId],
    queryFn: async () =>
      (await api.call(getDownloadTaskPageList, { page: 1, limit: 20 })).rows.find((r) => r.task_id === taskId) ?? null,
    enabled: taskId !== null,
    refetchInterval: (q) => (q.state.data?.status === 'processing' || q.state.data === undefined ? 2_000 : false),
  });

/** The file of a finished task, saved under the server's Japanese file name. */
export async function saveReportFile(taskId: number, fallbackName: string) {
  const { blob, filename } = await api.download(downloadTaskFile, { task_id: taskId });
  saveFile(blob, filename ?? fallbackName);
}
