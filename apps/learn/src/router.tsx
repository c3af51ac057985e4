import { useSyncExternalStore, type AnchorHTMLAttributes, type MouseEvent } from 'react';

/**
 * A small hash router (/learn/#/path?query): the child's app has few screens, and react-router
 * would add ≈ 28 KB gzip to the first view. `useLocation()` reads the hash; `navigate()` changes it.
 */
export interface LearnLocation {
  path: string;
  query: URLSearchParams;
}

const listeners = new Set<() => void>();
let cachedHash: string | null = null;
let cached: LearnLocation = { path: '/', query: new URLSearchParams() };

function parse(hash: string): LearnLocation {
  const raw = hash.replace(/^#/, '') || '/';
  const q = raw.indexOf('?');
  const path = (q >= 0 ? raw.slice(0, q) : raw) || '/';
  return { path: path.startsWith('/') ? path : `/${path}`, query: new URLSearchParams(q >= 0 ? raw.slice(q + 1) : '') };
}

function snapshot(): LearnLocation {
  const hash = window.location.hash;
  if (hash !== cachedHash) {
    cachedHash = hash;
    cached = parse(hash);
  }
  return cached;
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  if (listeners.size === 1) window.addEventListener('hashchange', notify);
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) window.removeEventListener('hashchange', notify);
  };
}

function notify() {
  listeners.forEach((l) => l());
}

export const useLocation = () => useSyncExternalStore(subscribe, snapshot);

/** Go to a path of the app ('/homework/3/topic/4'); `replace` keeps the back button sensible after sign-in. */
export function navigate(to: string, opts: { replace?: boolean } = {}) {
  const hash = `#${to}`;
  if (opts.replace) window.history.replaceState(window.history.state, '', hash);
  else window.history.pushState(window.history.state, '', hash);
  notify();
}

/** Matches '/homework/:homeworkId/topic/:topicId' against a path; the params, or null. */
export function match(pattern: string, path: string): Record<string, string> | null {
  const p = pattern.split('/');
  const s = path.split('/');
  if (p.length !== s.length) return null;
  const params: Record<string, string> = {};
  for (let i = 0; i < p.length; i++) {
    if (p[i]!.startsWith(':')) params[p[i]!.slice(1)] = decodeURIComponent(s[i]!);
    else if (p[i] !== s[i]) return null;
  }
  return params;
}

export function Link({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  return (
    <a
      {...rest}
      href={`#${to}`}
      onClick={(e: MouseEvent<HTMLAnchorElement>) => {
        onClick?.(e);
        if (e.defaultPrevented || e.metaKey || e.ctrlKey || e.shiftKey || e.button !== 0) return;
        e.preventDefault();
        navigate(to);
      }}
    />
  );
}
