/** Routes visited in this browser session, kept in sessionStorage. */
const KEY = 'ondoku.visited';
const MAX = 30;

export function visitedRoutes(): string[] {
  try {
    return JSON.parse(sessionStorage.getItem(KEY) ?? '[]') as string[];
  } catch {
    return [];
  }
}

export function recordVisit(path: string) {
  const list = visitedRoutes().filter((p) => p !== path);
  list.push(path);
  sessionStorage.setItem(KEY, JSON.stringify(list.slice(-MAX)));
}

/** The route visited before the current one, for the back button. */
export function previousRoute(current: string): string | null {
  const list = visitedRoutes().filter((p) => p !== current);
  return list.at(-1) ?? null;
}
