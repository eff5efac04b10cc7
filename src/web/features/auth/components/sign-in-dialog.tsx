import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useLocation, useNavigate, type Location } from 'react-router';
import type { z } from 'zod';
import { loginSchema } from '../../../../domain/auth';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { CheckboxField } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { SubmitButton } from '../../../components/ui/submit-button';
import { toast } from '../../../components/ui/use-toast';
import { ApiError } from '../../../lib/api-client';
import { displayName } from '../../../lib/current-user';
import { failureText } from '../api/failure-text';
import { useSignIn } from '../api/sign-in';
import type { AuthDialogProps } from './auth-dialogs';
import { FormAlert, useFormProblem } from '../../../components/ui/form-alert';

/** The 'Sign In' dialog, with the ways to the other three. */
export function SignInDialog({ open, onOpenChange, onSwitch, onCloseAutoFocus }: AuthDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Sign In</DialogTitle>
          <DialogDescription>Welcome back. Sign in with your email address and password.</DialogDescription>
        </DialogHeader>
        <SignInForm
          onForgotPassword={() => onSwitch('forgot-password')}
          onLoginLink={() => onSwitch('login-link')}
          onJoin={() => onSwitch('join')}
        />
      </DialogContent>
    </Dialog>
  );
}

type SignInValues = z.input<typeof loginSchema>;
type SignInOutput = z.output<typeof loginSchema>;

/**
 * Why a visitor sent here from a member page (an e-mailed link opened while signed out) is
 * asked to sign in: 'Please sign in to see this trade'. Signing in takes them back there.
 */
export function signInReason(pathname: string, search: string): string {
  const has = (name: string) => new URLSearchParams(search).has(name);
  if (pathname === '/trades')
    return has('trade') ? 'Please sign in to see this trade' : 'Please sign in to see your trades';
  if (pathname === '/messages')
    return has('thread') ? 'Please sign in to see this conversation' : 'Please sign in to see your messages';
  if (pathname === '/notifications') return 'Please sign in to see your notifications';
  return 'Please sign in to see this page';
}

interface SignInFormProps {
  onForgotPassword: () => void;
  onLoginLink: () => void;
  onJoin: () => void;
}

function SignInForm({ onForgotPassword, onLoginLink, onJoin }: SignInFormProps) {
  const navigate = useNavigate();
  const location = useLocation();
  const { mutateAsync, isPending } = useSignIn();
  // A suspended member (403) reads why and until when here, where it stays, not only in a
  // toast that fades.
  const failure = useFormProblem();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SignInValues, unknown, SignInOutput>({
    resolver: zodResolver(loginSchema),
    defaultValues: { email: '', password: '', remember: false },
  });

  // A visitor sent here from a member page goes back to it once signed in.
  const from = (location.state as { from?: Location } | null)?.from;
  const reason = from?.pathname ? signInReason(from.pathname, from.search ?? '') : null;

  const onSubmit = handleSubmit(async (values) => {
    if (isPending) return;
    failure.clear();
    try {
      // The member is in the cache (and the page shows their home) before this resolves.
      const { user } = await mutateAsync(values);
      toast({ title: 'Welcome back!', description: `Successfully logged in as ${displayName(user)}` });
      if (from?.pathname) await navigate(`${from.pathname}${from.search ?? ''}`, { replace: true });
    } catch (error) {
      // On the form until the member tries again (issue 14), not in a toast that fades.
      failure.report({
        title: 'Login failed',
        description:
          error instanceof ApiError && error.status === 403 && error.serverMessage
            ? error.serverMessage
            : failureText(error, { call: 'Login failed', toast: 'Please check your email and password.' }),
      });
    }
  });

  return (
    <div className="flex flex-col gap-5">
      {reason && <p className="rounded-md bg-highlight-100 p-3 font-semibold text-highlight-900">{reason}</p>}
      <FormAlert problem={failure.problem} />
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
        <Field label="Email address" error={errors.email?.message}>
          <Input type="email" autoComplete="email" spellCheck={false} {...register('email')} />
        </Field>
        <div className="flex flex-col gap-1">
          <Field label="Password" error={errors.password?.message}>
            <Input type="password" autoComplete="current-password" {...register('password')} />
          </Field>
          <p>
            <Button variant="link" className="px-0" onClick={onForgotPassword}>
              Forgot password?
            </Button>
          </p>
        </div>
        <CheckboxField label="Remember me" {...register('remember')} />
        <SubmitButton busy={isPending} label="Sign In" busyLabel="Signing In..." className="w-full" />
      </form>
      <div className="flex flex-col gap-3 border-t border-line pt-5">
        <p className="text-center text-ink-muted">Prefer not to type a password?</p>
        <Button variant="secondary" className="w-full" onClick={onLoginLink}>
          Send me a login link
        </Button>
        <p className="text-center">
          New to the club?{' '}
          <Button variant="link" className="px-1" onClick={onJoin}>
            Join Now
          </Button>
        </p>
      </div>
    </div>
  );
}
