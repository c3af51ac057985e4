import { getMyHomeworkPageList, type CallInput } from '@ondoku/contract';
import { api } from '../../../lib/api';

type HomeworkPageParams = CallInput<typeof getMyHomeworkPageList>;

export const fetchHomeworkPage = (params: HomeworkPageParams) => api.call(getMyHomeworkPageList, params);

/**
 * The list's page asked for by the route as soon as it is known, before the screen's chunk has
 * loaded (router.tsx; docs/benchmarks.md, "The first screen at once"): taken once by the list's
 * query when it asks for the same page within a few seconds. A module of its own, so the entry
 * (the login page) carries this and not the homework calls.
 */
let preloaded: { key: string; at: number; reply: ReturnType<typeof fetchHomeworkPage> } | null = null;

export function preloadHomeworkPageList(params: HomeworkPageParams) {
  const reply = fetchHomeworkPage(params);
  reply.catch(() => {}); // a failure reaches the list's query when it takes the reply
  preloaded = { key: JSON.stringify(params), at: Date.now(), reply };
}

export function takePreloaded(params: HomeworkPageParams) {
  const p = preloaded;
  preloaded = null;
  return p && p.key === JSON.stringify(params) && Date.now() - p.at < 10_000 ? p.reply : null;
}
