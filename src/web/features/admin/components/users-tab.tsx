import { useEffect, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import { ADMIN_USERS_PAGE_SIZE, type AdminUserSort } from '../../../../domain/admin';
import { MEMBER_STATUS_LABELS, MEMBER_STATUSES, type MemberStatus } from '../../../../domain/members';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { PageSpinner } from '../../../components/ui/spinner';
import { TabSection } from './tab-section';
import { errorMessage } from '../../../lib/api-client';
import { useMember as useSignedInMember } from '../../../lib/current-user';
import { formatCommunityDate } from '../../../lib/format';
import { paths } from '../../../paths';
import { useUsers } from '../api/get-users';
import { AdminToggle } from './admin-toggle';
import { MembershipStatus, profileLabel, welcomeGiftLabel, YesNo } from './member-status';
import { Pager, usePageFor } from './pager';
import { PointsBadge } from './points-badge';
import { SortHeader, type SortState } from './sort-header';
import { cellClasses, TableScroll } from './table-scroll';
import { plural } from '../../../../domain/sentences';

// The users tab (docs/product/screens.md#admin): every member, sortable on each column (ascending,
// descending, none), searchable by name or e-mail and filtered by membership status
// (docs/api/admin.md), a page at a time from the server, with the per-user admin toggle and a
// link to each member's admin page. It fits a 1280 px screen without sideways scrolling: the
// admin column holds both the member's role and the toggle, and long e-mails and headings wrap
// (decision 0028).

const COLUMNS: { key: AdminUserSort; label: string }[] = [
  { key: 'name', label: 'Name' },
  { key: 'email', label: 'Email' },
  { key: 'puzzlePoints', label: 'Points' },
  { key: 'hasSeenWelcomeGift', label: 'Welcome gift' },
  { key: 'profileCompleted', label: 'Profile' },
  { key: 'suspended', label: 'Status' },
  { key: 'joinedAt', label: 'Joined' },
  { key: 'isAdmin', label: 'Admin' },
];

/** The search box's text, settled: the list is asked for once typing pauses. */
function useSettled(value: string, ms = 300): string {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

export function UsersTab() {
  const me = useSignedInMember();
  const { register, watch } = useForm<{ q: string; status: MemberStatus | '' }>({
    defaultValues: { q: '', status: '' },
  });
  const q = useSettled(watch('q').trim());
  const status = watch('status') || undefined;
  const [sort, setSort] = useState<SortState<AdminUserSort>>(null);
  const [page, setPage] = usePageFor(JSON.stringify([q, status, sort]));
  const users = useUsers({
    q: q || undefined,
    status,
    sort: sort?.key,
    dir: sort?.dir,
    page,
    pageSize: ADMIN_USERS_PAGE_SIZE,
  });

  return (
    <TabSection title="Users">
      <form role="search" onSubmit={(e) => e.preventDefault()} className="grid max-w-3xl gap-4 sm:grid-cols-2">
        <Field label="Search by name or email">
          <Input type="search" autoComplete="off" {...register('q')} />
        </Field>
        <Field label="Status">
          <Select {...register('status')}>
            <option value="">All members</option>
            {MEMBER_STATUSES.map((value) => (
              <option key={value} value={value}>
                {MEMBER_STATUS_LABELS[value]}
              </option>
            ))}
          </Select>
        </Field>
      </form>
      {users.isPending ? (
        <PageSpinner />
      ) : users.isError ? (
        <ErrorState
          message={errorMessage(users.error, 'The members could not be loaded.')}
          onRetry={() => void users.refetch()}
        />
      ) : users.data.items.length === 0 ? (
        <EmptyState title="No users found">{q || status ? 'Nobody matches that search.' : null}</EmptyState>
      ) : (
        <>
          <p aria-live="polite">{plural(users.data.total, 'member')}</p>
          <TableScroll caption="Members of the club">
            <thead>
              <tr>
                {COLUMNS.map((c) => (
                  <SortHeader key={c.key} label={c.label} sortKey={c.key} sort={sort} onSort={setSort} wrap />
                ))}
              </tr>
            </thead>
            <tbody>
              {users.data.items.map((u) => (
                <tr key={u.id}>
                  <th scope="row" className={`${cellClasses} text-left font-semibold whitespace-nowrap`}>
                    <Link to={paths.adminMember.getHref(u.id)} className="text-brand-700 underline">
                      {u.name}
                    </Link>
                  </th>
                  <td className={`${cellClasses} break-all`}>{u.email}</td>
                  <td className={cellClasses}>
                    <PointsBadge points={u.puzzlePoints} />
                  </td>
                  <td className={cellClasses}>{welcomeGiftLabel(u.hasSeenWelcomeGift)}</td>
                  <td className={cellClasses}>{profileLabel(u.profileCompleted)}</td>
                  <td className={cellClasses}>
                    <MembershipStatus member={u} />
                  </td>
                  <td className={`${cellClasses} whitespace-nowrap`}>{formatCommunityDate(u.joinedAt)}</td>
                  <td className={cellClasses}>
                    <div className="flex flex-col items-start gap-2">
                      <YesNo yes={u.isAdmin} labels={['Admin', 'Member']} />
                      <AdminToggle member={u} isSelf={u.id === me.id} />
                    </div>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableScroll>
          <Pager page={page} pageSize={ADMIN_USERS_PAGE_SIZE} total={users.data.total} onPage={setPage} label="Users" />
        </>
      )}
    </TabSection>
  );
}
