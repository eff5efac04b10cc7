import { useState } from 'react';
import { Link } from 'react-router';
import { useForm } from 'react-hook-form';
import type { z } from 'zod';
import {
  REPORT_KIND_LABELS,
  REPORT_REASON_LABELS,
  REPORTS_PAGE_SIZE,
  resolveReportSchema,
  type Report,
  type ReportAction,
} from '../../../../domain/admin';
import { REPORT_STATUSES, type ReportStatus } from '../../../../domain/enums';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { EmptyState } from '../../../components/ui/empty-state';
import { ErrorState } from '../../../components/ui/error-state';
import { Field } from '../../../components/ui/field';
import { Select } from '../../../components/ui/select';
import { PageSpinner } from '../../../components/ui/spinner';
import { StepDialog } from '../../../components/ui/step-dialog';
import { toast } from '../../../components/ui/use-toast';
import { TabSection } from './tab-section';
import { errorMessage } from '../../../lib/api-client';
import { formatActivityDate } from '../../../lib/format';
import { useReports } from '../api/get-reports';
import { useResolveReport } from '../api/resolve-report';
import { Pager, usePageFor } from './pager';

// The reports tab (docs/api/admin.md): what members reported (feedback, replies to feedback,
// forum posts and replies) in one list, each with a link to where it stands, and the decision
// on each: dismiss, hide or restore, with a note for the activity log and the author. A
// decision can be changed later. Pending reports come oldest first, as a queue.

const STATUS_LABELS: Record<ReportStatus, string> = {
  pending: 'Waiting for a decision',
  reviewed: 'Reviewed',
  dismissed: 'Dismissed',
  actioned: 'Acted on',
};

export function ReportsTab() {
  const { register, watch } = useForm<{ status: string }>({ defaultValues: { status: 'pending' } });
  const status = watch('status');
  const [page, setPage] = usePageFor(status);
  const reports = useReports({
    status: status === 'all' ? undefined : (status as ReportStatus),
    page,
    pageSize: REPORTS_PAGE_SIZE,
  });

  return (
    <TabSection title="Reports">
      <form onSubmit={(e) => e.preventDefault()} className="max-w-sm">
        <Field label="Show">
          <Select {...register('status')}>
            {REPORT_STATUSES.map((s) => (
              <option key={s} value={s}>
                {STATUS_LABELS[s]}
              </option>
            ))}
            <option value="all">All reports</option>
          </Select>
        </Field>
      </form>
      {reports.isPending ? (
        <PageSpinner />
      ) : reports.isError ? (
        <ErrorState
          message={errorMessage(reports.error, 'The reports could not be loaded.')}
          onRetry={() => void reports.refetch()}
        />
      ) : reports.data.items.length === 0 ? (
        <EmptyState title={status === 'pending' ? 'No reports are waiting' : 'No reports found'} />
      ) : (
        <>
          <ul className="flex flex-col gap-4">
            {reports.data.items.map((r) => (
              <li key={r.id}>
                <ReportCard report={r} />
              </li>
            ))}
          </ul>
          <Pager page={page} pageSize={REPORTS_PAGE_SIZE} total={reports.data.total} onPage={setPage} label="Reports" />
        </>
      )}
    </TabSection>
  );
}

const notesSchema = resolveReportSchema.pick({ notes: true });

const DECISIONS: Record<ReportAction, { button: string; title: string; says: string; done: string }> = {
  dismiss: {
    button: 'Dismiss',
    title: 'Dismiss this report?',
    says: 'The report is closed as not upheld. What was reported stays on show (or comes back, if members’ reports had hidden it).',
    done: 'The report was dismissed.',
  },
  hide: {
    button: 'Hide',
    title: 'Hide what was reported?',
    says: 'Members will no longer see it, and its author is told kindly, with your note. Every report of it waiting for a decision is closed with this one. You can restore it later.',
    done: 'It is hidden from members.',
  },
  restore: {
    button: 'Restore',
    title: 'Show it to members again?',
    says: 'Members will see it again, its author is told, with your note, and the report is closed as not upheld. You can hide it again later.',
    done: 'It is shown to members again.',
  },
};

export function ReportCard({ report: r }: { report: Report }) {
  const [deciding, setDeciding] = useState<ReportAction | null>(null);
  const resolve = useResolveReport();
  const headingId = `report-${r.id}-title`;
  const kind = REPORT_KIND_LABELS[r.kind];
  // A decision can be changed (decision 0027): a decided report keeps the button that undoes
  // it. Something since removed can only be dismissed.
  const pending = r.status === 'pending';
  const actions: ReportAction[] =
    r.item.hidden === null
      ? pending
        ? ['dismiss']
        : []
      : r.item.hidden
        ? pending
          ? ['restore', 'hide']
          : ['restore']
        : pending
          ? ['hide', 'dismiss']
          : ['hide'];

  const decide = (action: ReportAction, notes: string | null | undefined) =>
    resolve.mutate(
      { id: r.id, body: { action, notes } },
      {
        onSuccess: () => {
          setDeciding(null);
          toast({ title: 'Report resolved', description: DECISIONS[action].done });
        },
        onError: (error) =>
          toast({
            title: 'Could not resolve the report',
            description: errorMessage(error, 'Please try again.'),
            variant: 'destructive',
          }),
      },
    );

  return (
    <article aria-labelledby={headingId} className="flex flex-col gap-3 rounded-lg border-2 border-line bg-white p-4">
      <h3 id={headingId} className="text-xl font-bold">
        Report #{r.id}: {kind}
      </h3>
      <blockquote className="border-l-4 border-brand-700 bg-brand-50 p-3 whitespace-pre-line">
        {r.item.text ?? 'This has since been removed.'}
      </blockquote>
      {r.item.url && (
        <p>
          <Link to={r.item.url} className="font-semibold text-brand-800 underline underline-offset-4">
            {r.kind === 'reply'
              ? 'See the reply in its post'
              : r.kind === 'post'
                ? 'See the post'
                : 'See where it is shown'}
            <span className="sr-only"> (report #{r.id})</span>
          </Link>
        </p>
      )}
      <dl className="grid grid-cols-1 gap-x-4 gap-y-1 sm:grid-cols-[max-content_1fr]">
        <dt className="font-semibold">Written by</dt>
        <dd>
          {r.item.author?.name ?? 'Unknown'}
          {r.item.hidden ? ' (hidden from members)' : ''}
        </dd>
        <dt className="font-semibold">Reported by</dt>
        <dd>
          {r.reportedBy.name} on {formatActivityDate(r.createdAt)}
        </dd>
        <dt className="font-semibold">Reason</dt>
        <dd>{REPORT_REASON_LABELS[r.reason]}</dd>
        {r.details && (
          <>
            <dt className="font-semibold">Details</dt>
            <dd className="whitespace-pre-line">{r.details}</dd>
          </>
        )}
        <dt className="font-semibold">Status</dt>
        <dd>
          <Badge variant={r.status === 'pending' ? 'highlight' : 'outline'}>{STATUS_LABELS[r.status]}</Badge>
          {r.resolvedBy && r.resolvedAt ? ` by ${r.resolvedBy.name} on ${formatActivityDate(r.resolvedAt)}` : ''}
        </dd>
        {r.adminNotes && (
          <>
            <dt className="font-semibold">Notes</dt>
            <dd>{r.adminNotes}</dd>
          </>
        )}
      </dl>
      {actions.length > 0 && (
        <div className="flex flex-wrap gap-3">
          {actions.map((a) => (
            <Button key={a} variant={a === 'hide' ? 'destructive' : 'secondary'} onClick={() => setDeciding(a)}>
              {a === 'hide' && r.item.hidden ? 'Keep hidden' : DECISIONS[a].button}
              <span className="sr-only"> report #{r.id}</span>
            </Button>
          ))}
        </div>
      )}
      {actions.map((a) => (
        <StepDialog
          key={a}
          open={deciding === a}
          onOpenChange={(open) => setDeciding(open ? a : null)}
          title={DECISIONS[a].title}
          description={<p>{DECISIONS[a].says}</p>}
          fields={[
            { name: 'notes', label: 'Note for the activity log and the author', multiline: true, maxLength: 500 },
          ]}
          schema={notesSchema}
          confirmLabel={`Yes, ${DECISIONS[a].button.toLowerCase()}`}
          confirmVariant={a === 'hide' ? 'destructive' : 'primary'}
          isPending={resolve.isPending}
          onConfirm={({ notes }: z.output<typeof notesSchema>) => decide(a, notes)}
        />
      ))}
    </article>
  );
}
