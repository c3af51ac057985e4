import { createRequire } from 'node:module';

/**
 * jsdom's getComputedStyle, which testing-library's role queries call for each element they look
 * at and its ancestors, tests the element against every CSS rule on the page with nwsapi. nwsapi
 * keeps at most 1,000 compiled selectors (a least-recently-used cache), while antd's CSS-in-JS
 * puts several thousand rules on the page, always visited in the same order: every lookup missed,
 * and every rule's selector was parsed and compiled again (`new Function`) for every element.
 *
 * This gives jsdom's non-throwing matcher (`document._nwsapiDontThrow`, used only for style
 * rules) several nwsapi engines of the same document and options, each handed at most
 * SELECTORS_PER_ENGINE distinct selectors, so none of them ever evicts one. What matches is
 * nwsapi's own answer, unchanged; only the recompilation is gone. docs/testing.md.
 */
const SELECTORS_PER_ENGINE = 300;

interface Engine {
  match(selector: string, element: Element): boolean;
  configure(options: Record<string, boolean>): unknown;
}

const require = createRequire(import.meta.url);
const nwsapi = require('nwsapi') as (context: { document: Document; DOMException: typeof DOMException }) => Engine;

export function installSelectorCache(doc: Document) {
  const implSymbol = Object.getOwnPropertySymbols(doc).find((s) => s.description === 'impl');
  if (!implSymbol) throw new Error('not a jsdom document: no impl symbol');
  const impl = (doc as unknown as Record<symbol, { _nwsapiDontThrow?: unknown }>)[implSymbol]!;
  const engineOf = new Map<string, Engine>();
  let current: Engine | undefined;
  let handed = 0;
  const newEngine = () => {
    const engine = nwsapi({ document: doc, DOMException: doc.defaultView!.DOMException });
    // The options jsdom gives this matcher (jsdom/lib/jsdom/living/helpers/selectors.js).
    engine.configure({ LOGERRORS: false, VERBOSITY: false, IDS_DUPES: true, MIXEDCASE: true });
    return engine;
  };
  const needsOf = new Map<string, string[][] | null>();
  impl._nwsapiDontThrow = {
    match(selector: string, element: Element) {
      let needs = needsOf.get(selector);
      if (needs === undefined)
        needsOf.set(selector, (needs = typeof selector === 'string' ? classesNeeded(selector) : null));
      if (needs && !needs.some((classes) => classes.every((c) => element.classList.contains(c)))) return false;
      let engine = engineOf.get(selector);
      if (!engine) {
        if (!current || handed >= SELECTORS_PER_ENGINE) [current, handed] = [newEngine(), 0];
        engine = current;
        handed++;
        engineOf.set(selector, engine);
      }
      return engine.match(selector, element);
    },
  };
}

/**
 * For each selector of a list, the classes its subject (the compound after the last combinator)
 * must have, outside any parentheses: an element lacking them all cannot match, and nwsapi is not
 * asked. null when the selector is not plain enough to be sure (escapes, quotes): nwsapi decides.
 * Only ever says "cannot match" when that is certain; otherwise nwsapi answers as before.
 */
export function classesNeeded(selector: string): string[][] | null {
  if (/[\\'"]/.test(selector)) return null;
  // Parenthesised arguments (:not(.a), :where(.b), :is(…)) and attribute selectors removed.
  let flat = '';
  let depth = 0;
  for (const ch of selector) {
    if (ch === '(' || ch === '[') depth++;
    else if (ch === ')' || ch === ']') depth = Math.max(0, depth - 1);
    else if (depth === 0) flat += ch;
  }
  if (depth !== 0) return null;
  return flat.split(',').map((part) => {
    const subject =
      part
        .trim()
        .split(/[\s>+~]+/)
        .pop() ?? '';
    // A class name only when it ends at the next simple selector or the end (not a non-ASCII tail).
    return [...subject.matchAll(/\.(-?[_a-zA-Z][\w-]*)(?=[.:#]|$)/g)].map((m) => m[1]!);
  });
}
