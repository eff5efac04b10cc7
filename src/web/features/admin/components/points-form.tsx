import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { z } from 'zod';
import { POINTS_ADJUSTMENT_MAX, pointsAdjustmentSchema, type PointsAdjustmentBody } from '../../../../domain/admin';
import type { MemberAdmin } from '../../../../domain/members';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { RadioOption } from '../../../components/ui/radio-option';
import { SubmitButton } from '../../../components/ui/submit-button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { formatPuzzlePoints } from '../../../lib/format';
import { useAdjustPoints } from '../api/adjust-points';

// docs/product/points.md#administrators-grants: grant or deduct points with a reason, through the ledger. The form asks which
// and how many (a whole number, never a minus sign to get wrong); the domain's schema checks
// the signed amount and the reason the member will read.

const AMOUNT_MESSAGE = `Enter a whole number of points from 1 to ${POINTS_ADJUSTMENT_MAX}`;

const pointsFormSchema = z
  .object({
    direction: z.enum(['grant', 'deduct']),
    amount: z
      .number({ error: AMOUNT_MESSAGE })
      .int({ error: AMOUNT_MESSAGE })
      .min(1, { error: AMOUNT_MESSAGE })
      .max(POINTS_ADJUSTMENT_MAX, { error: AMOUNT_MESSAGE }),
    reason: z.string(),
  })
  .transform((v) => ({ amount: v.direction === 'grant' ? v.amount : -v.amount, reason: v.reason }))
  .pipe(pointsAdjustmentSchema);

type PointsFormValues = { direction: 'grant' | 'deduct'; amount: number; reason: string };

export function PointsForm({ member }: { member: MemberAdmin }) {
  const adjust = useAdjustPoints(member.id);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<PointsFormValues, unknown, PointsAdjustmentBody>({
    resolver: zodResolver(pointsFormSchema),
    defaultValues: { direction: 'grant', reason: '' },
  });
  const onSubmit = handleSubmit((body) => {
    if (adjust.isPending) return;
    adjust.mutate(body, {
      onSuccess: (after) => {
        reset();
        toast({
          title: 'Points updated',
          description: `${after.name} now has ${formatPuzzlePoints(after.puzzlePoints)}.`,
        });
      },
      onError: (error) =>
        toast({
          title: 'Could not change the points',
          description: errorMessage(error, 'Please try again.'),
          variant: 'destructive',
        }),
    });
  });
  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
      <fieldset className="flex flex-col gap-2">
        <legend className="font-semibold">Grant or deduct</legend>
        <div className="flex flex-wrap gap-3">
          <RadioOption label="Grant points" value="grant" {...register('direction')} />
          <RadioOption label="Deduct points" value="deduct" {...register('direction')} />
        </div>
      </fieldset>
      <Field label="How many points" error={errors.amount?.message} className="max-w-xs">
        <Input
          type="number"
          inputMode="numeric"
          min={1}
          max={POINTS_ADJUSTMENT_MAX}
          {...register('amount', { valueAsNumber: true })}
        />
      </Field>
      <Field label="Reason (the member is told)" error={errors.reason?.message}>
        <Textarea rows={2} maxLength={200} {...register('reason')} />
      </Field>
      <div>
        <SubmitButton busy={adjust.isPending} label="Save points" busyLabel="Saving..." />
      </div>
    </form>
  );
}
