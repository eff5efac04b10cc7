import { Link, useSearchParams } from 'react-router';
import { CircleCheck, MailCheck } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';

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
  return (
    <>
      <h1 className="flex items-center gap-3 text-3xl font-bold">
        <MailCheck aria-hidden="true" className="size-9 shrink-0 text-brand-700" />
        Registration Started!
      </h1>
      <p className="mt-4 text-lg">
        Please check your email inbox. We've sent you a message from Jigsaw Club with a link to finish joining.
      </p>
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
      <p className="mt-8">
        <Link to={paths.home.getHref()} className={buttonClasses({ size: 'large' })}>
          Return to Home
        </Link>
      </p>
    </>
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
