/** Every screen's path and link builder: no route URL is typed twice (spec §2). */
export const paths = {
  root: { path: '/' },
  login: { path: '/login', getHref: (key?: string) => (key ? `/login?key=${encodeURIComponent(key)}` : '/login') },
  forget: { path: '/forget' },
  home: { path: '/home' },
  homeworkList: { path: '/homework-management' },
  /** Homework distribution: /homework-create redirects to its form (spec §2), which starts with the library. */
  homeworkCreate: { path: '/homework-create' },
  homeworkCreateForm: { path: '/homework-create/form' },
  person: { path: '/person' },
  classEditing: { path: '/grades' },
  manageClass: { path: '/manage-class/:teamId', getHref: (teamId: number) => `/manage-class/${teamId}` },
  studentOverview: { path: '/student/student-overview-home' },
  studentDetails: {
    path: '/student/student-details/:studentId',
    getHref: (studentId: string) => `/student/student-details/${encodeURIComponent(studentId)}`,
  },
  /** Printable login cards (outside the layouts): the class, or the listed students of it. */
  loginCards: {
    path: '/print/login-cards/:teamId',
    getHref: (teamId: number, studentIds?: string[]) =>
      `/print/login-cards/${teamId}${studentIds?.length ? `?ids=${encodeURIComponent(studentIds.join(','))}` : ''}`,
  },
  wordProgress: { path: '/statistics/word-progress' },
} as const;
