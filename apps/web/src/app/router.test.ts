import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { RouteHandle } from './router';
import { routes } from './router';

/**
 * Every screen route names its title, which the router sets as the document title
 * (docs/classes.md, "Edges", Document titles).
 */
describe('route titles', { timeout: 60_000 }, () => {
  it('every route with a screen has a handle with a title', async () => {
    const screens: RouteObject[] = [];
    const walk = (list: RouteObject[]) =>
      list.forEach((r) => {
        if (r.path && r.lazy) screens.push(r);
        if (r.children) walk(r.children);
      });
    walk(routes);
    expect(screens.length).toBeGreaterThan(8);
    for (const r of screens) {
      const loaded = (await (r.lazy as () => Promise<{ handle?: RouteHandle }>)()) ?? {};
      expect(loaded.handle?.title, r.path).toMatch(/\S/);
    }
  });
});
