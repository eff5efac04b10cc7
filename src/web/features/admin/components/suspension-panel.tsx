import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { suspendSchema, suspensionPeriod, UNTIL_IN_PAST_MESSAGE, type SuspendBody } from '../../../../domain/admin';
import type { MemberAdmin } from '../../../../domain/members';
import { Button } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { SubmitButton } from '../../../components/ui/submit-button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { formatActivityDate } from '../../../lib/format';
import { useSuspendMember } from '../api/suspend-member';
import { useUnsuspendMember } from '../api/unsuspend-member';

// docs/product/administration.md#suspensions: suspend with a reason and an end date (or none: until further notice), and
// lift it. The member is signed out at once and e-mailed why and until when; the panel says
// so before the button is pressed.

/** The day chosen in the date box, from its midnight in this browser's time (the club's, in the UK). */
const untilFromDay = (day: string): string | null => (day ? new Date(`${day}T00:00:00`).toISOString() : null);

const suspendFormSchema = z
  .object({ reason: suspendSchema.shape.reason, until: z.string() })
  .refine((v) => !v.until || new Date(`${v.until}T00:00:00`).getTime() > Date.now(), {
    path: ['until'],
    error: UNTIL_IN_PAST_MESSAGE,
  })
  .transform((v): SuspendBody => ({ reason: v.reason, until: untilFromDay(v.until) }));

type SuspendFormValues = { reason: string; until: string };

export function SuspensionPanel({ member }: { member: MemberAdmin }) {
  if (member.isAdmin) {
    return <p>Administrators cannot be suspended. Remove their admin status first if you really need to.</p>;
  }
  return member.suspension ? <LiftSuspension member={member} /> : <SuspendForm member={member} />;
}

function LiftSuspension({ member }: { member: MemberAdmin }) {
  const lift = useUnsuspendMember(member.id);
  const s = member.suspension!;
  return (
    <div className="flex flex-col items-start gap-3">
      <p>
        Suspended {suspensionPeriod(s.until)} since {formatActivityDate(s.since)}. Reason given: {s.reason}
      </p>
      <Button
        disabled={lift.isPending}
        onClick={() =>
          lift.mutate(undefined, {
            onSuccess: (after) =>
              toast({ title: 'Suspension lifted', description: `${after.name} can sign in again and has been told.` }),
            onError: (error) =>
              toast({
                title: 'Could not lift the suspension',
                description: errorMessage(error, 'Please try again.'),
                variant: 'destructive',
              }),
          })
        }
      >
        Lift the suspension
      </Button>
    </div>
  );
}

function SuspendForm({ member }: { member: MemberAdmin }) {
  const suspend = useSuspendMember(member.id);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<SuspendFormValues, unknown, SuspendBody>({
    resolver: zodResolver(suspendFormSchema),
    defaultValues: { reason: '', until: '' },
  });
  const onSubmit = handleSubmit((body) => {
    if (suspend.isPending) return;
    suspend.mutate(body, {
      onSuccess: (after) =>
        toast({
          title: 'Member suspended',
          description: `${after.name} is signed out and suspended ${suspensionPeriod(after.suspension?.until ?? null)}.`,
        }),
      onError: (error) => {
        if (error instanceof ApiError) {
          for (const e of error.errors)
            if (e.path === 'until' || e.path === 'reason') setError(e.path, { message: e.message });
        }
        toast({
          title: 'Could not suspend the member',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        });
      },
    });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <p>
        A suspended member is signed out at once and cannot sign in, their puzzles leave Browse, and requests waiting
        for an answer are closed (trades already accepted carry on). They are e-mailed the reason and the end date.
      </p>
      <Field label="Reason for the suspension (the member is told)" error={errors.reason?.message}>
        <Textarea rows={3} maxLength={500} {...register('reason')} />
      </Field>
      <Field
        label="Suspended until (optional)"
        hint="The membership starts again at the beginning of this day. Leave it empty for until further notice."
        error={errors.until?.message}
        className="max-w-xs"
      >
        <Input type="date" {...register('until')} />
      </Field>
      <div>
        <SubmitButton
          busy={suspend.isPending}
          label="Suspend membership"
          busyLabel="Suspending..."
          variant="destructive"
        />
      </div>
    </form>
  );
}
