import type {
  CallInput,
  getClassReport,
  getStudentReport,
  getExerciseCountRanking,
  getIntegralRankingExport,
  getStudentAchievementPageList,
  getApplyOrderList,
  getDownloadTaskPageList,
  getExerciseSummary,
  getProgressGraph,
  getSoundInsights,
  getUsageAmount,
  getWordProgress,
  getNewHomeworkList,
  getResourceExerciseDetails,
  getResourceExerciseLogs,
  getHomeworkNoticePageList,
  getOutboxMessageList,
  getSystemNoticePageList,
  getGraduatePageRows,
  getMyHomeworkPageList,
  getPackList,
  getPeriodicPlanList,
  getRegularRecommendNames,
  getReissueList,
  getStudentHomeworkTopicDetails,
  getStudentPageRows,
  getSurveyHomeworkTopicList,
  getTopicScoreOverviewY,
  getUnassignedStudentPageRows,
  getWordBookList,
  getWritingNoteList,
  searchResources,
} from '@ondoku/contract';

/**
 * Every query key of the web app, from one factory, so a mutation can name exactly what it
 * changes: `queryKeys.classes.all` covers the class list, each class's info and the picker tree,
 * `queryKeys.students.all` every student list, search, details and login-card sheet.
 */
export const queryKeys = {
  auth: {
    publicKey: () => ['auth', 'public-key'] as const,
  },
  teacher: {
    all: ['teacher'] as const,
    info: () => ['teacher', 'info'] as const,
  },
  classes: {
    all: ['classes'] as const,
    list: () => ['classes', 'list'] as const,
    info: (classId: number) => ['classes', 'info', classId] as const,
    /** The class → students tree of pickers: under classes, so class and student changes both refetch it. */
    studentTree: (includeHidden: boolean) => ['classes', 'student-tree', includeHidden] as const,
    code: (classId: number) => ['classes', 'code', classId] as const,
    /** Last years' classes (after the roll-over). */
    archived: () => ['classes', 'archived'] as const,
  },
  students: {
    all: ['students'] as const,
    page: (params: CallInput<typeof getStudentPageRows>) => ['students', 'page', params] as const,
    info: (loginId: string) => ['students', 'info', loginId] as const,
    search: (kw: string) => ['students', 'search', kw] as const,
    loginCards: (classId: number, loginIds: readonly string[]) =>
      ['students', 'login-cards', classId, loginIds] as const,
    /** Students without a class (クラス未所属). */
    unassigned: (params: CallInput<typeof getUnassignedStudentPageRows>) => ['students', 'unassigned', params] as const,
    graduates: (params: CallInput<typeof getGraduatePageRows>) => ['students', 'graduates', params] as const,
    cardsOf: (loginIds: readonly string[]) => ['students', 'cards-of', loginIds] as const,
    /** The committed April roll-overs (their reports). */
    rollovers: ['students', 'rollovers'] as const,
  },
  homework: {
    all: ['homework'] as const,
    page: (params: CallInput<typeof getMyHomeworkPageList>) => ['homework', 'page-list', params] as const,
    detail: (homeworkId: number) => ['homework', 'detail', homeworkId] as const,
    /** Who can receive homework: under homework, refetched after a publish (counts change with classes). */
    classRows: () => ['homework', 'class-rows'] as const,
    studentsOfClass: (classId: number) => ['homework', 'students-of-class', classId] as const,
    recommendNames: (params: CallInput<typeof getRegularRecommendNames>) =>
      ['homework', 'recommend-names', params] as const,
    /** Every page of the homework list (prefix of `page`). */
    pages: ['homework', 'page-list'] as const,
    /** Every page of the plan list (prefix of `plans`). */
    planLists: ['homework', 'plans'] as const,
    plans: (params: CallInput<typeof getPeriodicPlanList>) => ['homework', 'plans', params] as const,
    plan: (planId: number) => ['homework', 'plan', planId] as const,
    reissues: (params: CallInput<typeof getReissueList>) => ['homework', 'reissues', params] as const,
    reissue: (id: number) => ['homework', 'reissue', id] as const,
  },
  /** Homework notices: the header's unread count and the list (/home/message-detail-page). */
  notices: {
    all: ['notices'] as const,
    total: () => ['notices', 'total'] as const,
    page: (params: CallInput<typeof getHomeworkNoticePageList>) => ['notices', 'page', params] as const,
    /** System notices from the operator: the list and one notice's content (reading it marks it read). */
    system: (params: CallInput<typeof getSystemNoticePageList>) => ['notices', 'system', params] as const,
    systemContent: (noticeId: number) => ['notices', 'system-content', noticeId] as const,
  },
  /** Messages from the teacher (features/messages): the outbox and one message's details. */
  messages: {
    all: ['messages'] as const,
    outbox: (params: CallInput<typeof getOutboxMessageList>) => ['messages', 'outbox', params] as const,
    detail: (id: number) => ['messages', 'detail', id] as const,
  },
  /** Download tasks (/download-manage): polled while any is processing. */
  downloads: {
    all: ['downloads'] as const,
    page: (params: CallInput<typeof getDownloadTaskPageList>) => ['downloads', 'page', params] as const,
    /** One task's state (the study survey's export button polls it until the file is made). */
    task: (taskId: number | null) => ['downloads', 'task', taskId] as const,
  },
  /** Results of a homework (features/results): every read under one key, refetched after a word correction. */
  results: {
    all: ['results'] as const,
    overview: (homeworkId: number) => ['results', 'overview', homeworkId] as const,
    topic: (homeworkId: number, topicId: number) => ['results', 'topic', homeworkId, topicId] as const,
    questions: (homeworkId: number, topicId: number) => ['results', 'questions', homeworkId, topicId] as const,
    matrixX: (homeworkId: number) => ['results', 'matrix-x', homeworkId] as const,
    matrixY: (params: CallInput<typeof getTopicScoreOverviewY>) => ['results', 'matrix-y', params] as const,
    paper: (params: CallInput<typeof getStudentHomeworkTopicDetails>) => ['results', 'paper', params] as const,
    commentary: (homeworkId: number) => ['results', 'commentary', homeworkId] as const,
    /** The comment draft: read once when the page opens; the editor owns the text afterwards. */
    commentDraft: (homeworkId: number) => ['comment-draft', homeworkId] as const,
  },
  /** One child's study survey (features/study-survey, /homework/student-report). */
  studySurvey: {
    all: ['study-survey'] as const,
    filter: (loginId: string) => ['study-survey', 'filter', loginId] as const,
    report: (loginId: string, period: string) => ['study-survey', 'report', loginId, period] as const,
    homework: (params: CallInput<typeof getSurveyHomeworkTopicList>) => ['study-survey', 'homework', params] as const,
    homeworkReport: (loginId: string, homeworkId: number) =>
      ['study-survey', 'homework-report', loginId, homeworkId] as const,
    topic: (loginId: string, homeworkId: number, topicId: number) =>
      ['study-survey', 'topic', loginId, homeworkId, topicId] as const,
    answers: (loginId: string, homeworkId: number, topicId: number, questionId: number) =>
      ['study-survey', 'answers', loginId, homeworkId, topicId, questionId] as const,
  },
  /** The teacher → child channel (features/student-messages): a child's notes about one topic. */
  studentMessages: {
    all: ['student-messages'] as const,
    notes: (params: CallInput<typeof getWritingNoteList>) => ['student-messages', 'notes', params] as const,
  },
  /** Rankings, privacy choices, achievements and stamps (features/rankings, docs/rankings.md). */
  rankings: {
    all: ['rankings'] as const,
    page: (kind: string, params: CallInput<typeof getExerciseCountRanking>) =>
      ['rankings', 'page', kind, params] as const,
    settings: (classId: number) => ['rankings', 'settings', classId] as const,
    export: (params: CallInput<typeof getIntegralRankingExport>) => ['rankings', 'export', params] as const,
    achievementsAll: ['rankings', 'achievements'] as const,
    achievements: (params: CallInput<typeof getStudentAchievementPageList>) =>
      ['rankings', 'achievements', params] as const,
    stamps: () => ['rankings', 'stamps'] as const,
  },
  /** Learning statistics of a class (features/learning-statistics, docs/learning-statistics.md). */
  learningStatistics: {
    all: ['learning-statistics'] as const,
    progress: (params: CallInput<typeof getProgressGraph>) => ['learning-statistics', 'progress', params] as const,
    usage: (params: CallInput<typeof getUsageAmount>) => ['learning-statistics', 'usage', params] as const,
    words: (params: CallInput<typeof getWordProgress>) => ['learning-statistics', 'words', params] as const,
    sounds: (params: CallInput<typeof getSoundInsights>) => ['learning-statistics', 'sounds', params] as const,
  },
  /** Term reports of a child and of a class (features/reports, docs/rankings.md). */
  reports: {
    all: ['reports'] as const,
    student: (params: CallInput<typeof getStudentReport>) => ['reports', 'student', params] as const,
    class: (params: CallInput<typeof getClassReport>) => ['reports', 'class', params] as const,
  },
  /** Self-practice of the teacher's children (/homework-self-home, docs/self-practice.md). */
  selfPractice: {
    all: ['self-practice'] as const,
    filters: () => ['self-practice', 'filters'] as const,
    month: (classId: number | undefined) => ['self-practice', 'month', classId ?? null] as const,
    summary: (params: CallInput<typeof getExerciseSummary>) => ['self-practice', 'summary', params] as const,
    resource: (params: CallInput<typeof getResourceExerciseDetails>) => ['self-practice', 'resource', params] as const,
    logs: (params: CallInput<typeof getResourceExerciseLogs>) => ['self-practice', 'logs', params] as const,
    newHomeworkSummary: () => ['self-practice', 'new-homework-summary'] as const,
    newHomework: (params: CallInput<typeof getNewHomeworkList>) => ['self-practice', 'new-homework', params] as const,
  },
  /** What a first start is still preparing (library install, demo hand-ins): polled while anything is. */
  preparation: () => ['preparation'] as const,
  /** The content library: read-only for the teacher (the recitation issue adds classroom material under it). */
  library: {
    all: ['library'] as const,
    search: (params: CallInput<typeof searchResources>) => ['library', 'search', params] as const,
    detail: (resourceId: number) => ['library', 'detail', resourceId] as const,
    packs: (params: CallInput<typeof getPackList>) => ['library', 'packs', params] as const,
    pack: (code: string) => ['library', 'pack', code] as const,
    wordBooks: (params: CallInput<typeof getWordBookList>) => ['library', 'word-books', params] as const,
    wordBookParts: (code: string) => ['library', 'word-book-parts', code] as const,
  },
  /** Account applications (docs/account-applications.md): the school's accounts, the kinds, the list. */
  accountApplications: {
    all: ['account-applications'] as const,
    basicInfo: () => ['account-applications', 'basic-info'] as const,
    selectData: () => ['account-applications', 'select-data'] as const,
    list: (params: CallInput<typeof getApplyOrderList>) => ['account-applications', 'list', params] as const,
  },
  /** Free recitation (docs/free-recitation.md): the voices, this month's quota, a resource in the form. */
  recitation: {
    all: ['recitation'] as const,
    toneTypes: () => ['recitation', 'tone-types'] as const,
    remaining: () => ['recitation', 'remaining'] as const,
    resource: (resourceId: number) => ['recitation', 'resource', resourceId] as const,
  },
} as const;
