import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { ReportListQuery } from '../../../../domain/admin';
import { api } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export type ReportQuery = Partial<ReportListQuery>;

/** GET /api/admin/reports: one page of reports of every kind, with the total. */
export function getReports(query: ReportQuery = {}) {
  return api.page('GET /api/admin/reports', { query });
}

export const reportsQueryOptions = (query: ReportQuery) =>
  queryOptions({ queryKey: adminKeys.reportList(query), queryFn: () => getReports(query) });

export function useReports(query: ReportQuery) {
  return useQuery({ ...reportsQueryOptions(query), placeholderData: keepPreviousData });
}
