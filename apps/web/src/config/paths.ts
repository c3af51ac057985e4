/** Every screen's path and link builder: no route URL is typed twice (spec §2). */
export const paths = {
  root: { path: '/' },
  login: { path: '/login', getHref: (key?: string) => (key ? `/login?key=${encodeURIComponent(key)}` : '/login') },
  forget: { path: '/forget' },
  home: { path: '/home' },
  homeworkList: { path: '/homework-management' },
  homeworkCreate: { path: '/homework-create' },
  person: { path: '/person' },
  classEditing: { path: '/grades' },
  manageClass: { path: '/manage-class/:teamId', getHref: (teamId: number) => `/manage-class/${teamId}` },
  studentOverview: { path: '/student/student-overview-home' },
  studentDetails: {
    path: '/student/student-details/:studentId',
    getHref: (studentId: string) => `/student/student-details/${encodeURIComponent(studentId)}`,
  },
  /** Students without a class (クラス未所属): every action on them. */
  unassignedStudents: { path: '/student/unassigned' },
  /** The April roll-over wizard (年度更新), graduates and last years' classes. */
  yearRollover: { path: '/student/year-rollover' },
  graduates: { path: '/student/graduates' },
  /** Printable login cards of students listed by id, whatever their class. */
  studentCards: {
    path: '/print/student-cards',
    getHref: (studentIds: string[]) => `/print/student-cards?ids=${encodeURIComponent(studentIds.join(','))}`,
  },
  /** Printable login cards (outside the layouts): the class, or the listed students of it. */
  loginCards: {
    path: '/print/login-cards/:teamId',
    getHref: (teamId: number, studentIds?: string[]) =>
      `/print/login-cards/${teamId}${studentIds?.length ? `?ids=${encodeURIComponent(studentIds.join(','))}` : ''}`,
  },
  wordProgress: { path: '/statistics/word-progress' },
} as const;
