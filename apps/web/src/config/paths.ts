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
  wordProgress: { path: '/statistics/word-progress' },
} as const;
