import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
import { installSelectorCache } from './selector-cache';

if (process.env.NO_SELECTOR_CACHE !== '1') installSelectorCache(document);

// findBy…/waitFor give up after 1 s by default; a busy 2-core machine takes seconds to render an
// antd screen (full web runs at load 12 failed there, in different files each time). Only how
// long a query waits changes, never what it looks for; each test's own timeout still bounds it.
// 20 s since a full run at load 15–18 (2026-11-23, run1) failed the first test of ten route files:
// the screen's lazy chunk had not even been imported after 10 s (the page was still `<div />`).
// The test files' own waits are never shorter either (10–15 s ones failed at load 10, 2026-11-24).
configure({ asyncUtilTimeout: 20_000 });

// antd reads matchMedia for responsive layouts; jsdom has none.
if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => {},
      removeListener: () => {},
      addEventListener: () => {},
      removeEventListener: () => {},
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// antd's layout (Sider, Table) observes sizes; jsdom has no ResizeObserver.
if (!('ResizeObserver' in globalThis)) {
  globalThis.ResizeObserver = class {
    observe() {}
    unobserve() {}
    disconnect() {}
  };
}

afterEach(() => {
  cleanup();
  localStorage.clear();
  sessionStorage.clear();
});
