import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { setPasswordFormSchema } from '../../../../domain/auth';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { SubmitButton } from '../../../components/ui/submit-button';

type SetPasswordValues = z.input<typeof setPasswordFormSchema>;
type SetPasswordOutput = z.output<typeof setPasswordFormSchema>;

export interface SetPasswordFormProps {
  passwordLabel: string;
  confirmLabel: string;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
  onSubmit: (password: string) => void;
}

/**
 * A new password typed twice (docs/product/accounts.md#joining): at least 8 characters, and "Passwords don't
 * match" on the second field when they differ. Used by /verify-email and /reset-password.
 */
export function SetPasswordForm({
  passwordLabel,
  confirmLabel,
  submitLabel,
  busyLabel,
  busy,
  onSubmit,
}: SetPasswordFormProps) {
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SetPasswordValues, unknown, SetPasswordOutput>({
    resolver: zodResolver(setPasswordFormSchema),
    defaultValues: { password: '', confirmPassword: '' },
  });

  const submit = handleSubmit(({ password }) => {
    if (!busy) onSubmit(password);
  });

  return (
    <form noValidate onSubmit={submit} className="flex flex-col gap-5">
      <Field
        label={passwordLabel}
        hint="At least 8 characters. A short sentence you will remember works well."
        error={errors.password?.message}
      >
        <Input type="password" autoComplete="new-password" {...register('password')} />
      </Field>
      <Field label={confirmLabel} error={errors.confirmPassword?.message}>
        <Input type="password" autoComplete="new-password" {...register('confirmPassword')} />
      </Field>
      <SubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel} className="w-full" />
    </form>
  );
}
