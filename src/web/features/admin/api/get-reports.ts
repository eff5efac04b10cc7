import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import type { Report, ReportListQuery } from '../../../../domain/admin';
import { getPage, type ListPage } from '../../../lib/api-client';
import { adminKeys } from './query-keys';

export type ReportQuery = Partial<ReportListQuery>;

/** GET /api/admin/reports: one page of reports of every kind, with the total. */
export function getReports(query: ReportQuery = {}): Promise<ListPage<Report>> {
  return getPage<Report>('/api/admin/reports', { query });
}

export const reportsQueryOptions = (query: ReportQuery) =>
  queryOptions({ queryKey: adminKeys.reportList(query), queryFn: () => getReports(query) });

export function useReports(query: ReportQuery) {
  return useQuery({ ...reportsQueryOptions(query), placeholderData: keepPreviousData });
}
