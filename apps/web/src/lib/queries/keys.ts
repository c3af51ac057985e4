import type {
  CallInput,
  getGraduatePageRows,
  getMyHomeworkPageList,
  getStudentPageRows,
  getUnassignedStudentPageRows,
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
    info: (teamId: number) => ['classes', 'info', teamId] as const,
    /** The class → students tree of pickers: under classes, so class and student changes both refetch it. */
    studentTree: (includeHidden: boolean) => ['classes', 'student-tree', includeHidden] as const,
    code: (teamId: number) => ['classes', 'code', teamId] as const,
    /** Last years' classes (after the roll-over). */
    archived: () => ['classes', 'archived'] as const,
  },
  students: {
    all: ['students'] as const,
    page: (params: CallInput<typeof getStudentPageRows>) => ['students', 'page', params] as const,
    info: (studentId: string) => ['students', 'info', studentId] as const,
    search: (kw: string) => ['students', 'search', kw] as const,
    loginCards: (teamId: number, studentIds: readonly string[]) =>
      ['students', 'login-cards', teamId, studentIds] as const,
    /** Students without a class (クラス未所属). */
    unassigned: (params: CallInput<typeof getUnassignedStudentPageRows>) => ['students', 'unassigned', params] as const,
    graduates: (params: CallInput<typeof getGraduatePageRows>) => ['students', 'graduates', params] as const,
    cardsOf: (studentIds: readonly string[]) => ['students', 'cards-of', studentIds] as const,
  },
  homework: {
    all: ['homework'] as const,
    page: (params: CallInput<typeof getMyHomeworkPageList>) => ['homework', 'page-list', params] as const,
  },
} as const;
