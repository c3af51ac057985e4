/** Every screen's path and link builder: no route URL is typed twice (the URLs are the spec's). */
export const paths = {
  root: { path: '/' },
  login: { path: '/login', getHref: (key?: string) => (key ? `/login?key=${encodeURIComponent(key)}` : '/login') },
  forget: { path: '/forget' },
  home: { path: '/home' },
  /** Homework notices for the teacher (/home/message-detail-page, docs/notices.md). */
  notices: { path: '/home/message-detail-page' },
  /** Messages from the teacher (docs/messages.md): the outbox, writing one, one message's readers. */
  messages: { path: '/message' },
  messageSend: { path: '/message/send' },
  messageInfo: { path: '/message/info/:id', getHref: (id: number) => `/message/info/${id}` },
  /** The teacher's guide (docs/explain.md), reachable from the header; printable. */
  explain: { path: '/explain' },
  homeworkList: { path: '/homework-management' },
  /** Homework distribution: /homework-create redirects to its form (docs/homework-web.md), which starts with the library. */
  homeworkCreate: { path: '/homework-create' },
  homeworkCreateForm: { path: '/homework-create/form' },
  /** The creation wizard on the library's selection, one route per variant; :step is 1–4. */
  homeworkCreateRoutine: {
    path: '/homework-create/routine/:step',
    getHref: (step = 1) => `/homework-create/routine/${step}`,
  },
  homeworkCreatePeriodic: {
    path: '/homework-create/periodic/:step',
    getHref: (step = 1) => `/homework-create/periodic/${step}`,
  },
  homeworkCreateWordtest: {
    path: '/homework-create/wordtest/:step',
    getHref: (step = 1) => `/homework-create/wordtest/${step}`,
  },
  /** Free recitation (docs/free-recitation.md): a new reading material, or one of the teacher's own (?resource_id=). */
  freeRecitation: {
    path: '/free-recitation',
    getHref: (resourceId?: number) => (resourceId ? `/free-recitation?resource_id=${resourceId}` : '/free-recitation'),
  },
  homeworkEdit: { path: '/homework/edit', getHref: (homeworkId: number) => `/homework/edit?homework_id=${homeworkId}` },
  /** The results screen (built by the results issue; linked only when its route exists). */
  homeworkDetails: {
    path: '/homework-details/:homeworkId',
    getHref: (homeworkId: number) => `/homework-details/${homeworkId}`,
  },
  /** The class's common mistakes to go over in class, with the teacher's comment draft (docs/results.md, Commentary). */
  commentary: {
    path: '/commentary/:homeworkId',
    getHref: (homeworkId: number) => `/commentary/${homeworkId}`,
  },
  /** Drilling into results (ours; the spec names only /homework-details/:homeworkId): one topic, one child's answer paper. */
  homeworkTopicResults: {
    path: '/homework-details/:homeworkId/topics/:topicId',
    getHref: (homeworkId: number, topicId: number) => `/homework-details/${homeworkId}/topics/${topicId}`,
  },
  answerPaper: {
    path: '/homework-details/:homeworkId/topics/:topicId/students/:loginId',
    getHref: (homeworkId: number, topicId: number, loginId: string, attemptId?: number) =>
      `/homework-details/${homeworkId}/topics/${topicId}/students/${encodeURIComponent(loginId)}${
        attemptId ? `?attempt_id=${attemptId}` : ''
      }`,
  },
  /** A teacher's written note to one child about one topic (docs/student-messages.md), opened from the answer paper. */
  writingNoteAdd: {
    path: '/homework/writing/add',
    getHref: (topicId: number, loginId: string) =>
      `/homework/writing/add?topic_id=${topicId}&student_id=${encodeURIComponent(loginId)}`,
  },
  periodicPlans: { path: '/homework/periodic-plan' },
  periodicPlanDetail: {
    path: '/homework/periodic-plan-detail',
    getHref: (planId: number) => `/homework/periodic-plan-detail?plan_id=${planId}`,
  },
  periodicPlanEdit: {
    path: '/homework/periodic-plan-edit',
    getHref: (planId: number) => `/homework/periodic-plan-edit?plan_id=${planId}`,
  },
  reissueList: { path: '/homework/reissue-list' },
  reissueDetails: { path: '/homework/reissue-details/:id', getHref: (id: number) => `/homework/reissue-details/${id}` },
  person: { path: '/person' },
  classEditing: { path: '/grades' },
  manageClass: { path: '/manage-class/:classId', getHref: (classId: number) => `/manage-class/${classId}` },
  studentOverview: { path: '/student/student-overview-home' },
  studentDetails: {
    path: '/student/student-details/:loginId',
    getHref: (loginId: string) => `/student/student-details/${encodeURIComponent(loginId)}`,
  },
  /** One child's study report (docs/study-survey.md), reached from the student details. */
  studentReport: {
    path: '/homework/student-report',
    getHref: (loginId: string) => `/homework/student-report?student_id=${encodeURIComponent(loginId)}`,
  },
  /** Students without a class (クラス未所属): every action on them. */
  unassignedStudents: { path: '/student/unassigned' },
  /** The April roll-over wizard (年度更新), graduates and last years' classes. */
  yearRollover: { path: '/student/year-rollover' },
  graduates: { path: '/student/graduates' },
  /** Printable login cards of students listed by id, whatever their class. */
  studentCards: {
    path: '/print/student-cards',
    getHref: (loginIds: string[]) => `/print/student-cards?ids=${encodeURIComponent(loginIds.join(','))}`,
  },
  /** Printable login cards (outside the layouts): the class, or the listed students of it. */
  loginCards: {
    path: '/print/login-cards/:classId',
    getHref: (classId: number, loginIds?: string[]) =>
      `/print/login-cards/${classId}${loginIds?.length ? `?ids=${encodeURIComponent(loginIds.join(','))}` : ''}`,
  },
  wordProgress: { path: '/statistics/word-progress' },
  /** Learning statistics of a class (docs/learning-statistics.md): scores over time, practice amounts, sounds. */
  progressGraph: { path: '/progress-graph' },
  usageAmount: { path: '/usage-amount' },
  intelligence: { path: '/student-manage/intelligence' },
  /** Children's self-practice outside homework (docs/self-practice.md). */
  selfPracticeHome: { path: '/homework-self-home' },
  /** Export files made as download tasks (docs/downloads.md): progress, retry, delete. */
  downloadManage: { path: '/download-manage' },
  /** The four rankings of a class, the children's view and encouragement (docs/rankings.md). */
  ranking: { path: '/ranking' },
  /** A child's and a class's term report, printable on A4 (docs/rankings.md, "Reports"). */
  studentTermReport: {
    path: '/reports/student-rpt',
    getHref: (loginId: string) => `/reports/student-rpt?student_id=${encodeURIComponent(loginId)}`,
  },
  classTermReport: {
    path: '/reports/team-rpt',
    getHref: (classId: number) => `/reports/team-rpt?team_id=${classId}`,
  },
  /** The printable integral ranking (outside the layouts): listed classes (all without), a period. */
  integralRankingExport: {
    path: '/integral-ranking-export',
    getHref: (q: { team_ids?: number[]; period: string; start_time?: string; end_time?: string }) => {
      const params = new URLSearchParams();
      if (q.team_ids?.length) params.set('team_ids', q.team_ids.join(','));
      params.set('period', q.period);
      if (q.start_time) params.set('start_time', q.start_time);
      if (q.end_time) params.set('end_time', q.end_time);
      return `/integral-ranking-export?${params.toString()}`;
    },
  },
  /** Account applications (docs/account-applications.md): the list with its filters, and the form per kind. */
  accountApplication: { path: '/account-application' },
  accountApplicationCreate: { path: '/account-application-create' },
  /** The printable guide for children and guardians (outside the layouts; open without signing in). */
  studentManual: { path: '/studentmanual' },
} as const;
