import { queryKeys } from '../../../lib/query-keys';

// This feature's query keys.
export const memberKeys = {
  all: ['members'] as const,
  directory: (filters: { q: string; town: string }) => ['members', 'directory', filters] as const,
  page: (id: number) => ['members', 'page', id] as const,
  settings: queryKeys.memberSettings,
};
