import type { AdminActionListQuery, AdminUserListQuery, ReportListQuery } from '../../../../domain/admin';

// Every admin query starts with 'admin': an admin change refreshes what it touches by prefix.
export const adminKeys = {
  all: ['admin'] as const,
  overview: ['admin', 'overview'] as const,
  users: ['admin', 'users'] as const,
  userList: (query: Partial<AdminUserListQuery>) => ['admin', 'users', 'list', query] as const,
  member: (id: number) => ['admin', 'users', 'detail', id] as const,
  points: ['admin', 'points'] as const,
  settings: ['admin', 'settings'] as const,
  manufacturers: ['admin', 'manufacturers'] as const,
  actions: ['admin', 'actions'] as const,
  // Under 'actions': any admin change (a new entry, a new administrator) refreshes it.
  loggingAdmins: ['admin', 'actions', 'admins'] as const,
  actionList: (query: Partial<AdminActionListQuery>) => ['admin', 'actions', query] as const,
  reports: ['admin', 'reports'] as const,
  reportList: (query: Partial<ReportListQuery>) => ['admin', 'reports', query] as const,
};
