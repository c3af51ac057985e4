import { useEffect, useState, type ReactNode } from 'react';
import { useLocation, useMatches, useOutlet } from 'react-router';
import type { RouteHandle } from '../router';

const MAX_CACHED = 8;

/**
 * Some pages are cached while navigating: screens whose route handle says keepAlive
 * stay mounted (hidden) when the teacher goes elsewhere, so filters, page and scroll survive
 * the round trip. Other screens render normally.
 */
export function KeepAliveOutlet() {
  const outlet = useOutlet();
  const { pathname } = useLocation();
  const handle = useMatches().at(-1)?.handle as RouteHandle | undefined;
  const [cached, setCached] = useState<[string, ReactNode][]>([]);

  // A page that goes into hiding must not leave its open dropdowns (rendered outside it) on
  // screen: taking the focus away closes them.
  useEffect(() => {
    if (document.activeElement instanceof HTMLElement) document.activeElement.blur();
  }, [pathname]);

  // Adding the page while rendering (React's "adjust state on prop change") keeps it on screen
  // from the first frame; the guard makes this run once per new path.
  if (handle?.keepAlive && outlet && !cached.some(([p]) => p === pathname)) {
    setCached((prev) => [...prev, [pathname, outlet] as [string, ReactNode]].slice(-MAX_CACHED));
  }
  return (
    <>
      {cached.map(([path, node]) => (
        <div key={path} hidden={path !== pathname}>
          {node}
        </div>
      ))}
      {!handle?.keepAlive && outlet}
    </>
  );
}
