import { queryOptions, useQuery } from '@tanstack/react-query';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

/** GET /api/admin/points: every member's balance summed up (the points tab's summary: docs/product/points.md#where-points-show). */
export function getPointsSummary() {
  return api.call('GET /api/admin/points');
}

export const pointsSummaryQueryOptions = () => queryOptions({ queryKey: adminKeys.points, queryFn: getPointsSummary });

export function usePointsSummary() {
  return useQuery(pointsSummaryQueryOptions());
}
