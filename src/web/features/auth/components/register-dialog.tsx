import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useNavigate } from 'react-router';
import type { z } from 'zod';
import { registerSchema } from '../../../../domain/auth';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { CheckboxField } from '../../../components/ui/checkbox';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { SubmitButton } from '../../../components/ui/submit-button';
import { landingAnchors, paths } from '../../../paths';
import { failureText } from '../api/failure-text';
import { useRegisterEmail } from '../api/register-email';
import type { AuthDialogProps } from './auth-dialogs';
import type { RegistrationStartedState } from '../pages/registration-success-page';
import { FormAlert, useFormProblem } from '../../../components/ui/form-alert';

/** What the visitor had typed in Join when they went to read the terms. */
export type JoinDraft = { email: string; acceptTerms: boolean };

export interface RegisterDialogProps extends AuthDialogProps {
  /**
   * Close the dialog and show the membership terms on the page, keeping what was typed; absent
   * when they are not on it.
   */
  onReadTerms?: (draft: JoinDraft) => void;
  /** What to start the form with: the words typed before a trip to the terms (issue 22). */
  draft?: JoinDraft | null;
}

/** The 'Join' dialog: an e-mail address and the terms; the address gets a link to set a password. */
export function RegisterDialog({
  open,
  onOpenChange,
  onSwitch,
  onCloseAutoFocus,
  onReadTerms,
  draft,
  returnTo,
}: RegisterDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Join</DialogTitle>
          <DialogDescription>
            Enter your email address and we'll send you a link to choose your password. New members receive 5
            PuzzlePoints as a welcome gift.
          </DialogDescription>
        </DialogHeader>
        <RegisterForm
          onSignIn={() => onSwitch('sign-in')}
          onReadTerms={onReadTerms}
          draft={draft ?? null}
          returnTo={returnTo}
        />
      </DialogContent>
    </Dialog>
  );
}

type RegisterValues = z.input<typeof registerSchema>;
type RegisterOutput = z.output<typeof registerSchema>;

function RegisterForm({
  onSignIn,
  onReadTerms,
  draft,
  returnTo,
}: {
  onSignIn: () => void;
  onReadTerms?: (draft: JoinDraft) => void;
  draft: JoinDraft | null;
  returnTo?: string;
}) {
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useRegisterEmail();
  const {
    register,
    handleSubmit,
    getValues,
    formState: { errors },
  } = useForm<RegisterValues, unknown, RegisterOutput>({
    resolver: zodResolver(registerSchema),
    defaultValues: { email: draft?.email ?? '', ...(draft?.acceptTerms ? { acceptTerms: true as const } : {}) },
  });

  const failure = useFormProblem();
  const onSubmit = handleSubmit(async ({ email }) => {
    if (isPending) return;
    failure.clear();
    try {
      await mutateAsync({ email, returnTo });
    } catch (error) {
      failure.report({
        title: 'Registration failed',
        description: failureText(error, { call: 'Failed to send verification email', toast: 'Please try again.' }),
      });
      return;
    }
    const started: RegistrationStartedState = { email, returnTo };
    await navigate(paths.registrationSuccess.getHref(), { state: started });
  });

  return (
    <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
      <FormAlert problem={failure.problem} />
      <Field label="Email address" error={errors.email?.message}>
        <Input type="email" autoComplete="email" spellCheck={false} {...register('email')} />
      </Field>
      <CheckboxField
        label={
          <>
            I accept the club's{' '}
            {onReadTerms ? (
              <a
                href={`#${landingAnchors.membershipTerms}`}
                className="font-semibold text-brand-700 underline hover:text-brand-900"
                onClick={(event) => {
                  // A new tab or window (Ctrl, Shift, middle button) opens the page at the terms.
                  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
                  event.preventDefault();
                  const { email, acceptTerms } = getValues();
                  onReadTerms({ email, acceptTerms: acceptTerms === true });
                }}
              >
                membership terms
              </a>
            ) : (
              // Not on this page: they open beside it, so the visitor keeps their place here.
              <a
                href={`${paths.home.getHref()}#${landingAnchors.membershipTerms}`}
                target="_blank"
                rel="noopener"
                className="font-semibold text-brand-700 underline hover:text-brand-900"
              >
                membership terms (opens in a new tab)
              </a>
            )}
          </>
        }
        error={errors.acceptTerms?.message}
        {...register('acceptTerms')}
      />
      <SubmitButton busy={isPending} label="Send Verification Email" busyLabel="Sending Email..." className="w-full" />
      <p className="text-center">
        Already a member?{' '}
        <Button variant="link" className="px-1" onClick={onSignIn}>
          Sign In
        </Button>
      </p>
    </form>
  );
}
