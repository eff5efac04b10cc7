import { useState } from 'react';
import { Link, useLocation, useSearchParams } from 'react-router';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { CircleCheck, MailCheck } from 'lucide-react';
import { registerEmailBodySchema } from '../../../../domain/auth';
import { buttonClasses } from '../../../components/ui/button';
import { Field } from '../../../components/ui/field';
import { FormAlert, useFormProblem } from '../../../components/ui/form-alert';
import { Input } from '../../../components/ui/input';
import { SubmitButton } from '../../../components/ui/submit-button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { failureText } from '../api/failure-text';
import { useRegisterEmail } from '../api/register-email';

/**
 * What the Join form leaves in this page's history entry: the address the e-mail went to (and
 * where the member was going), so the page can name it and send it again. Kept in history
 * rather than the address bar, so the address never shows in a link or a server log; a
 * reload keeps it.
 */
export type RegistrationStartedState = { email: string; returnTo?: string };

function startedState(state: unknown): RegistrationStartedState | null {
  if (typeof state !== 'object' || state === null) return null;
  const { email, returnTo } = state as Partial<RegistrationStartedState>;
  if (typeof email !== 'string') return null;
  return { email, returnTo: typeof returnTo === 'string' ? returnTo : undefined };
}

/**
 * /registration-success: after Join ('Registration Started!', check your inbox), or with
 * completed=true once the account is active and the member should log in (docs/product/accounts.md#joining).
 */
export function RegistrationSuccessPage() {
  const [searchParams] = useSearchParams();
  return searchParams.get('completed') === 'true' ? <RegistrationCompleted /> : <RegistrationStarted />;
}

function RegistrationStarted() {
  useDocumentTitle('Registration Started!');
  const sent = startedState(useLocation().state);
  return (
    <>
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <MailCheck aria-hidden="true" className="size-9 shrink-0 text-brand-700" />
        Registration Started!
      </h1>
      <p className="mt-4 text-lg">
        Please check your email inbox. We've sent you a message from Jigsaw Club with a link to finish joining.
      </p>
      {sent && (
        <p className="mt-3 text-lg">
          We sent it to <strong className="break-all">{sent.email}</strong>.
        </p>
      )}
      <h2 className="mt-8 text-2xl font-bold">What happens next</h2>
      <ol className="mt-4 flex flex-col gap-3">
        {[
          'Open the email from Jigsaw Club. If it is not in your inbox within a few minutes, look in your spam or junk folder.',
          'Choose the link in the email. It works for 24 hours.',
          'Choose a password to complete your registration. You will be signed in and receive 5 PuzzlePoints as a welcome gift.',
        ].map((step, index) => (
          <li key={step} className="flex items-start gap-3">
            <span
              aria-hidden="true"
              className="inline-flex size-9 shrink-0 items-center justify-center rounded-full bg-brand-700 font-bold text-white"
            >
              {index + 1}
            </span>
            <span className="pt-1">
              <span className="sr-only">Step {index + 1}: </span>
              {step}
            </span>
          </li>
        ))}
      </ol>
      <SendAgain sent={sent} />
      <p className="mt-8">
        <Link to={paths.home.getHref()} className={buttonClasses({ size: 'large' })}>
          Return to Home
        </Link>
      </p>
    </>
  );
}

type SendAgainValues = z.input<typeof registerEmailBodySchema>;
type SendAgainOutput = z.output<typeof registerEmailBodySchema>;

/**
 * 'No email yet?': the join e-mail again, through the same call as Join and under its limits
 * (docs/decisions/0025-small-things-from-the-walk.md). With the address from Join it is one
 * button; opened without it (another browser, a bookmark) it asks for the address.
 */
function SendAgain({ sent }: { sent: RegistrationStartedState | null }) {
  const { mutateAsync, isPending } = useRegisterEmail();
  const [sentAgainTo, setSentAgainTo] = useState<string | null>(null);
  const failure = useFormProblem();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<SendAgainValues, unknown, SendAgainOutput>({
    resolver: zodResolver(registerEmailBodySchema),
    defaultValues: { email: sent?.email ?? '' },
  });
  const onSubmit = handleSubmit(async ({ email }) => {
    if (isPending) return;
    failure.clear();
    setSentAgainTo(null);
    try {
      await mutateAsync({ email, returnTo: sent?.returnTo });
      setSentAgainTo(email);
    } catch (error) {
      failure.report({
        title: 'The email was not sent again',
        description: failureText(error, { call: 'Failed to send verification email', toast: 'Please try again.' }),
      });
    }
  });
  return (
    <section aria-labelledby="send-again-heading" className="mt-8 flex flex-col gap-4 rounded-lg bg-brand-50 p-5">
      <h2 id="send-again-heading" className="text-2xl font-bold">
        No email yet?
      </h2>
      <p>
        {sent
          ? 'We can send it again to the same address. The newest link works, and so does the first one.'
          : 'Type the address you joined with and we will send the email again.'}
      </p>
      <form noValidate onSubmit={onSubmit} className="flex flex-col gap-4">
        <FormAlert problem={failure.problem} />
        {/* With the address from Join it is already filled in: only the button shows. */}
        {sent ? (
          <input type="hidden" {...register('email')} />
        ) : (
          <Field label="Email address" error={errors.email?.message}>
            <Input type="email" autoComplete="email" spellCheck={false} {...register('email')} />
          </Field>
        )}
        <SubmitButton
          busy={isPending}
          label="Send the email again"
          busyLabel="Sending Email..."
          className="self-start"
        />
      </form>
      <p role="status" className="font-semibold text-brand-900 empty:hidden">
        {sentAgainTo && `We've sent the email again to ${sentAgainTo}. It can take a few minutes to arrive.`}
      </p>
    </section>
  );
}

function RegistrationCompleted() {
  useDocumentTitle('Welcome to Jigsaw Club');
  return (
    <>
      <h1 className="text-3xl font-bold">Welcome to Jigsaw Club!</h1>
      <p className="mt-4 flex items-center gap-3 text-lg font-semibold text-brand-900">
        <CircleCheck aria-hidden="true" className="size-7 shrink-0 text-brand-700" />
        Account activated successfully
      </p>
      <h2 className="mt-8 text-2xl font-bold">Next steps</h2>
      <ol className="mt-4 list-decimal flex flex-col gap-2 pl-7">
        <li>Log in with your email address and the password you just chose.</li>
        <li>Complete your profile, so fellow members know where to post your puzzles.</li>
        <li>Start trading: list a finished puzzle, or use your 5 welcome PuzzlePoints to request one.</li>
      </ol>
      <p className="mt-8">
        <Link to={paths.home.getHref()} className={buttonClasses({ size: 'large' })}>
          Log In
        </Link>
      </p>
    </>
  );
}
