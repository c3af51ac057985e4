import {
  homeworkLimits,
  type CallInput,
  type getMyHomeworkPageList,
  type HomeworkState,
  type HomeworkType,
} from '@ondoku/contract';
import { readListState } from '../../../components/ui/use-list-state';

type HomeworkPageParams = CallInput<typeof getMyHomeworkPageList>;

/**
 * The homework list's filters and the query they make: shared by the list screen and the route's
 * preload, which asks for the list's data as soon as the route is known (docs/benchmarks.md,
 * "The first screen at once").
 */
export const HOMEWORK_LIST_KEY = 'homework-list';

export type Flag = 0 | 1;
export interface HomeworkFilters {
  searchTitle: string;
  searchType: 'title' | 'resource';
  classId?: number;
  type?: HomeworkType;
  origin?: 'headquarters' | 'classroom';
  state?: HomeworkState;
  hasRequiredTimes?: Flag;
  hasDelay?: Flag;
  /** Dates (Japan) as yyyy-mm-dd: delivered from, deadline until. */
  from?: string;
  until?: string;
  sort: string;
}

export const initialFilters: HomeworkFilters = { searchTitle: '', searchType: 'title', sort: 'start_time:desc' };

export function toQuery(f: HomeworkFilters, page: number, limit: number): HomeworkPageParams {
  const [field, order] = f.sort.split(':') as [HomeworkPageParams['sort_field'], 'asc' | 'desc'];
  return {
    page,
    limit,
    sort_field: field,
    sort_order: order,
    search_title: f.searchTitle || undefined,
    search_type: f.searchTitle ? f.searchType : undefined,
    team_id: f.classId,
    homework_type: f.type,
    origin_type: f.origin,
    finish_type: f.state,
    has_required_times: f.hasRequiredTimes,
    has_delay: f.hasDelay,
    start_time: f.from || undefined,
    end_time: f.until || undefined,
  };
}

/** The query the list screen will make on mounting: its state as kept for this browser session. */
export function homeworkListQueryNow(): HomeworkPageParams {
  const s = readListState<HomeworkFilters>(HOMEWORK_LIST_KEY, {
    page: 1,
    pageSize: homeworkLimits.listPageSize,
    filters: initialFilters,
  });
  return toQuery(s.filters, s.page, s.pageSize);
}
