import { useEffect } from 'react';
import {
  createHashRouter,
  Navigate,
  Outlet,
  redirect,
  RouterProvider,
  useMatches,
  useRouteError,
  type RouteObject,
} from 'react-router';
import { exclamationCircleFilled, PlainIcon } from '../components/ui/plain-icon';
import { paths } from '../config/paths';
import { CHUNK_LOAD_ERROR, loadChunk } from '../lib/lazy';
import { sessionStore } from '../lib/session';
import { AuthLayout } from './layouts/auth-layout';
import { registerRoutes, type RouteHandle } from './route-registry';

export { hasRoute, type RouteHandle } from './route-registry';

/**
 * A route that failed (most often a chunk that did not load). Plain markup in the look of antd's
 * warning Result and primary Button: it must be in the entry chunk, which carries no antd (a
 * failed chunk may be antd's own), and antd's Result carries SVG illustrations.
 */
function RouteError() {
  const error = useRouteError() as Error | undefined;
  const chunk = error?.message === CHUNK_LOAD_ERROR;
  return (
    <div role="alert" style={{ padding: '48px 32px', textAlign: 'center' }}>
      <PlainIcon paths={exclamationCircleFilled} style={{ fontSize: 72, color: '#faad14' }} />
      <div style={{ margin: '24px 0', fontSize: 24, lineHeight: 1.33, color: 'rgba(0,0,0,0.88)' }}>
        {chunk ? CHUNK_LOAD_ERROR : '画面を表示できませんでした。'}
      </div>
      <button
        type="button"
        onClick={() => window.location.reload()}
        style={{
          height: 32,
          padding: '4px 15px',
          border: 0,
          borderRadius: 8,
          background: '#1f7a5c',
          color: '#fff',
          font: 'inherit',
          cursor: 'pointer',
          boxShadow: '0 2px 0 rgba(5, 145, 92, 0.1)',
        }}
      >
        再読み込み
      </button>
    </div>
  );
}

export const APP_TITLE = '音読 Ondoku';

/** The document title of a screen: 「クラスの生徒 - 音読 Ondoku」 (tabs and history stay readable). */
export const documentTitle = (title: string | undefined) => (title ? `${title} - ${APP_TITLE}` : APP_TITLE);

/**
 * The one place that sets document.title (docs/classes.md, 'Edges': document titles): the title of the deepest route that
 * names one (its `handle.title`, which the layouts show too). router.test.ts checks every screen has one.
 */
function TitledOutlet() {
  const title = useMatches()
    .map((m) => (m.handle as RouteHandle | undefined)?.title)
    .findLast(Boolean);
  useEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  return <Outlet />;
}

const requireSession = () => {
  if (!sessionStore.token()) throw redirect(paths.login.path);
  return null;
};

/**
 * The homework list's data asked for as soon as the route is known, alongside its chunk and the
 * status check (docs/benchmarks.md, "The first screen at once"); once per page load, the first
 * screen being the one a teacher waits for (the list's query keeps it afterwards). The loader does
 * not wait for it, and the preload comes as its own small chunk: in the entry, the homework call's
 * schema would cost the login page its budget.
 */
let listPreloaded = false;
const homeworkListLoader = () => {
  if (!listPreloaded && sessionStore.token()) {
    listPreloaded = true;
    void Promise.all([import('../features/homework/api/preload'), import('../features/homework/api/list-query')]).then(
      ([preload, list]) => preload.preloadHomeworkPageList(list.homeworkListQueryNow()),
      () => {}, // a chunk that did not load: the screen's own query asks
    );
  }
  return null;
};

/** Account settings are not for the guest type (docs/account.md); the server refuses its calls too. */
const accountSettingsLoader = () => {
  if (sessionStore.get()?.user.type === 'guest') throw redirect(paths.home.path);
  return null;
};

/** Applying for accounts is not for the guest type (the server refuses it too): the list instead. */
const applyLoader = () => {
  if (sessionStore.get()?.user.type === 'guest') throw redirect(paths.accountApplication.path);
  return null;
};

/** Signed in at /login goes home, unless a one-time key is present (a pass-card sign-in). */
const loginLoader = ({ request }: { request: Request }) => {
  const hasKey = new URL(request.url).searchParams.has('key');
  if (sessionStore.token() && !hasKey) throw redirect(paths.home.path);
  return null;
};

/** Lazily loaded screen modules; each exports `Component` and `handle`. */
interface ScreenModule {
  Component: React.ComponentType;
  handle: RouteHandle;
}
const screen = (load: () => Promise<ScreenModule>) => async () => {
  const { Component, handle } = await loadChunk(load);
  return { Component, handle };
};
/**
 * A screen built with antd inside the plain admin frame: its chunk and antd's theme and locale
 * (ConfigProvider) load together, and the screen renders inside them. The frame and the homework
 * list (`screen`) load no antd: they are the first view after sign-in (docs/architecture.md,
 * First view).
 */
const antdScreen = (load: () => Promise<ScreenModule>) => async () => {
  const [{ Component: Screen, handle }, { AntdScreen }] = await Promise.all([
    loadChunk(load),
    loadChunk(() => import('../components/ui/antd-theme')),
  ]);
  const Component = () => (
    <AntdScreen>
      <Screen />
    </AntdScreen>
  );
  return { Component, handle };
};
/** The admin layout is lazy like the screens: the login page never loads the admin frame. */
const layout = (load: () => Promise<React.ComponentType>) => async () => ({ Component: await loadChunk(load) });
/**
 * antd's theme and locale (ConfigProvider) as a route layout around the other screens built with
 * antd (the forgotten-password screen, the printable pages): the login page is plain markup and
 * never loads antd (docs/architecture.md, First view).
 */
const antdFrame = layout(async () => (await import('../components/ui/antd-theme')).AntdFrame);

const screens: RouteObject[] = [
  {
    // The sign-in card is a few lines of plain markup: in the entry, one request fewer on the login page.
    Component: AuthLayout,
    errorElement: <RouteError />,
    children: [
      { path: paths.login.path, loader: loginLoader, lazy: screen(() => import('./routes/login')) },
      { lazy: antdFrame, children: [{ path: paths.forget.path, lazy: screen(() => import('./routes/forget')) }] },
    ],
  },
  {
    lazy: layout(async () => (await import('./layouts/admin-layout')).AdminLayout),
    loader: requireSession,
    errorElement: <RouteError />,
    children: [
      { path: paths.home.path, element: <Navigate to={paths.homeworkList.path} replace /> },
      {
        path: paths.homeworkList.path,
        loader: homeworkListLoader,
        lazy: screen(() => import('./routes/homework-management')),
      },
      { path: paths.homeworkCreate.path, element: <Navigate to={paths.homeworkCreateForm.path} replace /> },
      { path: paths.homeworkCreateForm.path, lazy: antdScreen(() => import('./routes/homework-create-form')) },
      { path: paths.homeworkCreateRoutine.path, lazy: antdScreen(() => import('./routes/homework-create-routine')) },
      { path: paths.homeworkCreatePeriodic.path, lazy: antdScreen(() => import('./routes/homework-create-periodic')) },
      { path: paths.homeworkCreateWordtest.path, lazy: antdScreen(() => import('./routes/homework-create-wordtest')) },
      { path: paths.homeworkEdit.path, lazy: antdScreen(() => import('./routes/homework-edit')) },
      { path: paths.periodicPlans.path, lazy: antdScreen(() => import('./routes/periodic-plans')) },
      { path: paths.periodicPlanDetail.path, lazy: antdScreen(() => import('./routes/periodic-plan-detail')) },
      { path: paths.periodicPlanEdit.path, lazy: antdScreen(() => import('./routes/periodic-plan-edit')) },
      { path: paths.homeworkDetails.path, lazy: antdScreen(() => import('./routes/homework-details')) },
      { path: paths.homeworkTopicResults.path, lazy: antdScreen(() => import('./routes/homework-topic-results')) },
      { path: paths.answerPaper.path, lazy: antdScreen(() => import('./routes/answer-paper')) },
      { path: paths.commentary.path, lazy: antdScreen(() => import('./routes/commentary')) },
      { path: paths.writingNoteAdd.path, lazy: antdScreen(() => import('./routes/writing-note-add')) },
      { path: paths.freeRecitation.path, lazy: antdScreen(() => import('./routes/free-recitation')) },
      { path: paths.reissueList.path, lazy: antdScreen(() => import('./routes/reissue-list')) },
      { path: paths.reissueDetails.path, lazy: antdScreen(() => import('./routes/reissue-details')) },
      { path: paths.person.path, loader: accountSettingsLoader, lazy: antdScreen(() => import('./routes/person')) },
      { path: paths.classEditing.path, lazy: antdScreen(() => import('./routes/class-editing')) },
      { path: paths.manageClass.path, lazy: antdScreen(() => import('./routes/manage-class')) },
      { path: paths.studentOverview.path, lazy: antdScreen(() => import('./routes/student-overview')) },
      { path: paths.studentDetails.path, lazy: antdScreen(() => import('./routes/student-details')) },
      { path: paths.studentReport.path, lazy: antdScreen(() => import('./routes/student-report')) },
      { path: paths.unassignedStudents.path, lazy: antdScreen(() => import('./routes/unassigned-students')) },
      { path: paths.yearRollover.path, lazy: antdScreen(() => import('./routes/year-rollover')) },
      { path: paths.graduates.path, lazy: antdScreen(() => import('./routes/graduates')) },
      { path: paths.downloadManage.path, lazy: antdScreen(() => import('./routes/download-manage')) },
      { path: paths.selfPracticeHome.path, lazy: antdScreen(() => import('./routes/self-practice-home')) },
      { path: paths.progressGraph.path, lazy: antdScreen(() => import('./routes/progress-graph')) },
      { path: paths.usageAmount.path, lazy: antdScreen(() => import('./routes/usage-amount')) },
      { path: paths.wordProgress.path, lazy: antdScreen(() => import('./routes/word-progress')) },
      { path: paths.intelligence.path, lazy: antdScreen(() => import('./routes/intelligence')) },
      { path: paths.notices.path, lazy: antdScreen(() => import('./routes/notices')) },
      { path: paths.ranking.path, lazy: antdScreen(() => import('./routes/ranking')) },
      { path: paths.messages.path, lazy: antdScreen(() => import('./routes/message')) },
      { path: paths.messageSend.path, lazy: antdScreen(() => import('./routes/message-send')) },
      { path: paths.messageInfo.path, lazy: antdScreen(() => import('./routes/message-info')) },
      { path: paths.accountApplication.path, lazy: antdScreen(() => import('./routes/account-application')) },
      {
        path: paths.accountApplicationCreate.path,
        loader: applyLoader,
        lazy: antdScreen(() => import('./routes/account-application-create')),
      },
      { path: paths.studentTermReport.path, lazy: antdScreen(() => import('./routes/student-term-report')) },
      { path: paths.classTermReport.path, lazy: antdScreen(() => import('./routes/class-term-report')) },
      { path: paths.explain.path, lazy: antdScreen(() => import('./routes/explain')) },
    ],
  },
  {
    lazy: antdFrame,
    errorElement: <RouteError />,
    children: [
      // Printable pages: signed in, but without the admin frame.
      {
        loader: requireSession,
        errorElement: <RouteError />,
        children: [
          { path: paths.loginCards.path, lazy: screen(() => import('./routes/login-cards')) },
          { path: paths.studentCards.path, lazy: screen(() => import('./routes/student-cards')) },
          { path: paths.integralRankingExport.path, lazy: screen(() => import('./routes/integral-ranking-export')) },
        ],
      },
      // The guide for children and guardians: printable, outside the layouts, no sign-in needed.
      {
        path: paths.studentManual.path,
        errorElement: <RouteError />,
        lazy: screen(() => import('./routes/student-manual')),
      },
    ],
  },
  { path: '*', element: <Navigate to={paths.homeworkList.path} replace /> },
];

export const routes: RouteObject[] = [{ element: <TitledOutlet />, children: screens }];

// Before any layout or screen loads (they are lazy): they ask hasRoute (route-registry.ts).
registerRoutes(routes);
const router = createHashRouter(routes);

export function AppRouter() {
  return <RouterProvider router={router} />;
}
