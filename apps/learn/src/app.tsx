import { studentLogout } from '@ondoku/contract';
import { lazy, Suspense, useEffect, type ReactNode } from 'react';
import { learnApi } from './api';
import { useLearnDeps } from './deps';
import { Link, match, navigate, useLocation } from './router';
import { CardSignIn } from './screens/card-sign-in';
import { HistoryScreen } from './screens/history';
import { HomeworkList } from './screens/homework-list';
import { Inbox } from './screens/inbox';
import { JoinClass } from './screens/join-class';
import { RankingScreen } from './screens/ranking';
import { SelfPracticeList } from './screens/self-practice-list';
import { SignIn } from './screens/sign-in';
import { learnSession, useLearnSession } from './session';
import { UiHost } from './ui';
import './learn.css';

/** The practice screen brings the library's preview views (and antd): loaded when first opened. */
const Practice = lazy(() => import('./screens/practice'));

const TITLE = 'おんどく';

function Nav({ path }: { path: string }) {
  const items: [string, string][] = [
    ['/', 'しゅくだい'],
    ['/self', 'じぶんでれんしゅう'],
    ['/history', 'きろく'],
    ['/inbox', 'おしらせ'],
    ['/ranking', 'ランキング'],
    ['/join', 'クラスに入る'],
  ];
  return (
    <nav className="ln-nav" aria-label="メニュー">
      {items.map(([to, label]) => (
        <Link key={to} to={to} aria-current={path === to ? 'page' : undefined}>
          {label}
        </Link>
      ))}
    </nav>
  );
}

function Frame({ path, children }: { path: string; children: ReactNode }) {
  const session = useLearnSession();
  const signOut = async () => {
    await learnApi.silent.call(studentLogout, {}).catch(() => {});
    learnSession.clear();
    navigate('/signin', { replace: true });
  };
  return (
    <div className="ln-app">
      <header className="ln-header">
        <Link to="/" className="ln-logo">
          おんどく
        </Link>
        <Nav path={path} />
        <span className="ln-sub" data-testid="student-name">
          {session?.student.name}さん
        </span>
        <button type="button" className="ln-btn" onClick={() => void signOut()}>
          おわる
        </button>
      </header>
      <main className="ln-main">{children}</main>
    </div>
  );
}

function Screen({ path, query }: { path: string; query: URLSearchParams }) {
  let m: Record<string, string> | null;
  if (path === '/') return <HomeworkList />;
  if (path === '/join') return <JoinClass code={query.get('code') ?? ''} />;
  if (path === '/self') return <SelfPracticeList />;
  if (path === '/history') return <HistoryScreen />;
  if (path === '/inbox') return <Inbox />;
  if (path === '/ranking') return <RankingScreen />;
  if ((m = match('/homework/:homeworkId/topic/:topicId', path)))
    return (
      <Practice key={path} target={{ kind: 'topic', homework_id: Number(m.homeworkId), topic_id: Number(m.topicId) }} />
    );
  if ((m = match('/self/:resourceId', path)))
    return <Practice key={path} target={{ kind: 'self', resource_id: Number(m.resourceId) }} />;
  return null;
}

const KNOWN = ['/', '/join', '/self', '/history', '/inbox', '/ranking'];
const isKnown = (path: string) =>
  KNOWN.includes(path) || !!match('/homework/:h/topic/:t', path) || !!match('/self/:r', path);

/** The child app: sign-in screens without the frame; every other screen signed in, inside it. */
export function LearnApp() {
  const { path, query } = useLocation();
  const session = useLearnSession();
  const { outbox } = useLearnDeps();
  const publicScreen = path === '/signin' || path === '/card';
  const loginId = session?.student.student_id ?? null;

  useEffect(() => {
    if (!loginId) return;
    return outbox.start(loginId);
  }, [outbox, loginId]);

  useEffect(() => {
    document.title = TITLE;
    if (!publicScreen && !session) {
      // After signing in, come back here (a class code link keeps its code).
      const next = path === '/' ? '' : `?next=${encodeURIComponent(`${path}${query.size ? `?${query}` : ''}`)}`;
      navigate(`/signin${next}`, { replace: true });
    } else if (!publicScreen && !isKnown(path)) navigate('/', { replace: true });
  }, [path, query, session, publicScreen]);

  let body: ReactNode;
  if (path === '/signin') body = <SignIn next={query.get('next')} />;
  else if (path === '/card') body = <CardSignIn cardKey={query.get('key') ?? ''} />;
  else if (!session) body = null;
  else
    body = (
      <Frame path={path}>
        <Suspense fallback={<p className="ln-sub">よみこんでいます…</p>}>
          <Screen path={path} query={query} />
        </Suspense>
      </Frame>
    );
  return (
    <>
      {body}
      <UiHost />
    </>
  );
}
