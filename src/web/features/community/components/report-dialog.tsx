import { z } from 'zod';
import { REPORT_DETAILS_MAX } from '../../../../domain/constants';
import { REPORT_REASON_LABELS } from '../../../../domain/admin';
import { flagSchema, type FlagBody } from '../../../../domain/community';
import { REPORT_REASONS } from '../../../../domain/enums';
import { StepDialog } from '../../../components/ui/step-dialog';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useReport } from '../api/report';

export type ReportTarget = { postId: number } | { replyId: number };

/** The form's text fields, checked by the server's own flag schema (so its messages show). */
const formSchema = (target: ReportTarget) =>
  z
    .object({ reason: z.string(), details: z.string() })
    .transform((values): z.input<typeof flagSchema> => ({ ...target, ...values }) as z.input<typeof flagSchema>)
    .pipe(flagSchema);

/** 'Report' on a post or a reply: one of the report reasons and optional details. */
export function ReportDialog({
  target,
  open,
  onOpenChange,
  onReported,
}: {
  target: ReportTarget;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** After a report is taken (the open post closes: the member does not want to read it). */
  onReported?: () => void;
}) {
  const report = useReport();
  const what = 'postId' in target ? 'post' : 'reply';
  return (
    <StepDialog<FlagBody>
      open={open}
      onOpenChange={onOpenChange}
      title={`Report this ${what}`}
      description={
        <p>Tell us what is wrong. A club administrator will take a look; the author is not told who reported it.</p>
      }
      fields={[
        {
          name: 'reason',
          label: 'Reason',
          required: true,
          maxLength: 50,
          options: [
            { value: '', label: 'Choose a reason' },
            ...REPORT_REASONS.map((r) => ({ value: r, label: REPORT_REASON_LABELS[r] })),
          ],
        },
        { name: 'details', label: 'Details', multiline: true, maxLength: REPORT_DETAILS_MAX },
      ]}
      schema={formSchema(target)}
      confirmLabel="Send report"
      isPending={report.isPending}
      onConfirm={(body) =>
        report.mutate(body, {
          onSuccess: (answer) => {
            onOpenChange(false);
            onReported?.();
            toast({ title: 'Report sent', description: answer.message });
          },
          onError: (error) =>
            toast({
              title: 'Failed to send report',
              description: errorMessage(error, 'Please try again'),
              variant: 'destructive',
            }),
        })
      }
    />
  );
}
