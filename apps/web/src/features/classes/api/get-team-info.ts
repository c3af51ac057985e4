import { getClassInfo } from '@ondoku/contract';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api';

export const teamInfoQueryOptions = (teamId: number) =>
  queryOptions({ queryKey: ['team', 'info', teamId], queryFn: () => api.call(getClassInfo, { team_id: teamId }) });

export const useTeamInfo = (teamId: number) => useQuery(teamInfoQueryOptions(teamId));
