import type { RouteObject } from 'react-router';

/**
 * What the layouts and screens may ask of the route table without importing router.tsx, which
 * loads them lazily (an import back would close a loop): a route's handle, and whether a path has
 * a real screen. router.tsx registers its table when it loads, before any layout or screen.
 */

/** What a route tells the layouts: its title and level (the back button shows above level 0). */
export interface RouteHandle {
  title: string;
  level: number;
  /** Keep the page mounted while navigating elsewhere (the cached pages: layouts/keep-alive-outlet.tsx). */
  keepAlive?: boolean;
  /** The left-menu entry this screen belongs to, when it is not an entry itself. */
  menu?: string;
}

let known: RouteObject[] = [];

/** router.tsx hands its table over once, when it loads. */
export const registerRoutes = (routes: RouteObject[]) => {
  known = routes;
};

/** Whether a path has a real screen: menus only offer routes that exist. */
export const hasRoute = (path: string): boolean => {
  const walk = (list: RouteObject[]): boolean =>
    list.some((r) => r.path === path || (r.children ? walk(r.children) : false));
  return walk(known);
};
