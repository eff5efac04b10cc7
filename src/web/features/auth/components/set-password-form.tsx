import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { setPasswordFormSchema } from '../../../../domain/auth';
import { SubmitButton, TextField } from './form-fields';

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
 * A new password typed twice (spec section 5): at least 8 characters, and "Passwords don't
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
      <TextField
        label={passwordLabel}
        type="password"
        autoComplete="new-password"
        hint="At least 8 characters. A short sentence you will remember works well."
        registration={register('password')}
        error={errors.password?.message}
      />
      <TextField
        label={confirmLabel}
        type="password"
        autoComplete="new-password"
        registration={register('confirmPassword')}
        error={errors.confirmPassword?.message}
      />
      <SubmitButton busy={busy} label={submitLabel} busyLabel={busyLabel} />
    </form>
  );
}
