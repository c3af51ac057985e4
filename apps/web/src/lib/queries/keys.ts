import type {
  CallInput,
  getGraduatePageRows,
  getMyHomeworkPageList,
  getPackList,
  getPeriodicPlanList,
  getRegularRecommendNames,
  getReissueList,
  getStudentPageRows,
  getUnassignedStudentPageRows,
  getWordBookList,
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
    detail: (homeworkId: number) => ['homework', 'detail', homeworkId] as const,
    /** Who can receive homework: under homework, refetched after a publish (counts change with classes). */
    classRows: () => ['homework', 'class-rows'] as const,
    studentsOfClass: (teamId: number) => ['homework', 'students-of-class', teamId] as const,
    recommendNames: (params: CallInput<typeof getRegularRecommendNames>) =>
      ['homework', 'recommend-names', params] as const,
    plans: (params: CallInput<typeof getPeriodicPlanList>) => ['homework', 'plans', params] as const,
    plan: (planId: number) => ['homework', 'plan', planId] as const,
    reissues: (params: CallInput<typeof getReissueList>) => ['homework', 'reissues', params] as const,
    reissue: (id: number) => ['homework', 'reissue', id] as const,
  },
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
} as const;
