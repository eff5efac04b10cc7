import { useForm } from 'react-hook-form';
import {
  ADMIN_ACTION_LABELS,
  ADMIN_ACTIONS,
  ADMIN_ACTIONS_PAGE_SIZE,
  type AdminActionView,
} from '../../../../domain/admin';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { PageSpinner } from '../../../components/ui/spinner';
import { TabSection } from './tab-section';
import { errorMessage } from '../../../lib/api-client';
import { formatActivityDate } from '../../../lib/format';
import { useActions } from '../api/get-actions';
import { useLoggingAdmins } from '../api/get-logging-admins';
import { Pager, usePageFor } from './pager';
import { clubDayStart } from '../../../../domain/dates';
import { cellClasses, ColumnHeads, TableScroll } from './table-scroll';

// The activity tab (docs/product/administration.md#the-activity-log): id, timestamp, admin, action, target and details, newest
// first; with filters by admin, action and dates. Details read as "what: from →
// to", as each action records them.

type Filters = { adminId: string; action: string; from: string; to: string };

/** A date box's day (its midnight on the club's clock) as an instant; `next` for the day after. */
function dayStart(day: string, next = false): string | undefined {
  return clubDayStart(day, next)?.toISOString();
}

const isChange = (v: unknown): v is { from: unknown; to: unknown } =>
  typeof v === 'object' && v !== null && 'from' in v && 'to' in v && Object.keys(v).length === 2;

/** A value in words: a member as 'Trevor B. (trevor@example.org)', nothing as 'none', the rest as JSON. */
function show(v: unknown): string {
  if (v === null) return 'none';
  if (typeof v === 'string') return v;
  const member = v as { name?: unknown; email?: unknown };
  if (typeof member.name === 'string' && typeof member.email === 'string') return `${member.name} (${member.email})`;
  return JSON.stringify(v);
}

/** One line per detail: 'isAdmin: false → true', 'reason: Thank you'. */
export function detailLines(details: AdminActionView['details']): string[] {
  return Object.entries(details ?? {}).map(([key, value]) =>
    isChange(value) ? `${key}: ${show(value.from)} → ${show(value.to)}` : `${key}: ${show(value)}`,
  );
}

export function ActivityTab() {
  const { register, watch } = useForm<Filters>({ defaultValues: { adminId: '', action: '', from: '', to: '' } });
  const filters = watch();
  const admins = useLoggingAdmins();
  const query = {
    adminId: filters.adminId ? Number(filters.adminId) : undefined,
    action: (filters.action || undefined) as (typeof ADMIN_ACTIONS)[number] | undefined,
    from: dayStart(filters.from),
    to: dayStart(filters.to, true),
  };
  const [page, setPage] = usePageFor(JSON.stringify(query));
  const actions = useActions({ ...query, page, pageSize: ADMIN_ACTIONS_PAGE_SIZE });

  return (
    <TabSection title="Activity">
      <form
        aria-label="Filter the activity log"
        onSubmit={(e) => e.preventDefault()}
        className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4"
      >
        <Field label="Admin">
          <Select {...register('adminId')}>
            <option value="">All admins</option>
            {admins.data?.map((a) => (
              <option key={a.id} value={a.id}>
                {a.isAdmin ? a.name : `${a.name} (former admin)`}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="Action">
          <Select {...register('action')}>
            <option value="">All actions</option>
            {ADMIN_ACTIONS.map((a) => (
              <option key={a} value={a}>
                {ADMIN_ACTION_LABELS[a]}
              </option>
            ))}
          </Select>
        </Field>
        <Field label="From (date)">
          <Input type="date" {...register('from')} />
        </Field>
        <Field label="To (date)">
          <Input type="date" {...register('to')} />
        </Field>
      </form>
      {actions.isPending ? (
        <PageSpinner />
      ) : actions.isError ? (
        <ErrorState
          message={errorMessage(actions.error, 'The activity log could not be loaded.')}
          onRetry={() => void actions.refetch()}
        />
      ) : actions.data.items.length === 0 ? (
        <EmptyState title="No admin actions found" />
      ) : (
        <>
          <TableScroll caption="Admin activity, newest first">
            <ColumnHeads names={['ID', 'Time', 'Admin', 'Action', 'Target', 'Details']} />
            <tbody>
              {actions.data.items.map((a) => (
                <tr key={a.id}>
                  <td className={cellClasses}>{a.id}</td>
                  <td className={`${cellClasses} whitespace-nowrap`}>{formatActivityDate(a.timestamp)}</td>
                  <td className={cellClasses}>{a.adminName ?? (a.adminId === null ? 'Gone' : `#${a.adminId}`)}</td>
                  <td className={cellClasses}>
                    {ADMIN_ACTION_LABELS[a.action as keyof typeof ADMIN_ACTION_LABELS] ?? a.action}
                  </td>
                  <td className={`${cellClasses} break-all`}>{a.target}</td>
                  <td className={cellClasses}>
                    <ul className="flex min-w-64 flex-col gap-1">
                      {detailLines(a.details).map((line, i) => (
                        <li key={i} className="break-words">
                          {line}
                        </li>
                      ))}
                    </ul>
                  </td>
                </tr>
              ))}
            </tbody>
          </TableScroll>
          <Pager
            page={page}
            pageSize={ADMIN_ACTIONS_PAGE_SIZE}
            total={actions.data.total}
            onPage={setPage}
            label="Activity"
          />
        </>
      )}
    </TabSection>
  );
}
