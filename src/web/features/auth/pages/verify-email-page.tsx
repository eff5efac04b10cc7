import { useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { CircleCheck, LoaderCircle } from 'lucide-react';
import { AUTO_LOGIN_REDIRECT_MS, REGISTRATION_SUCCESS_REDIRECT_MS } from '../../../../domain/constants';
import { toast } from '../../../components/ui/use-toast';
import { newMemberFlag } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { failureText } from '../api/failure-text';
import { useVerifyEmail } from '../api/verify-email';
import { useJoinLinkState } from '../api/check-join-link';
import { PageSpinner } from '../../../components/ui/spinner';
import { LinkProblem } from '../components/link-problem';
import { returnToFrom } from '../components/return-to';
import { SetPasswordForm } from '../components/set-password-form';

/** /verify-email?token=…: the e-mailed link's page, where a new member chooses a password. */
export function VerifyEmailPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  if (!token) {
    return (
      <LinkProblem title="Invalid Link" message="This verification link is invalid or has expired.">
        <p className="mt-4">To join, go back to the home page and choose Join Now: we'll send you a new link.</p>
      </LinkProblem>
    );
  }
  return <CheckedJoinLink token={token} returnTo={returnToFrom(searchParams)} />;
}

/**
 * A used or expired join link says so before asking for a password (issue 14), with a way
 * home that opens the right dialog: Sign In for a used link, Join Now for an expired one.
 * When the check itself fails, the form is shown and the server has the last word.
 */
function CheckedJoinLink({ token, returnTo }: { token: string; returnTo: string | null }) {
  const check = useJoinLinkState(token);
  // Asked once (staleTime: Infinity): once the form has used the link, the page stays.
  if (check.isPending) return <PageSpinner />;
  const state = check.data?.state ?? 'ready';
  if (state === 'used') {
    return (
      <LinkProblem
        title="Link Already Used"
        message="This join link has already been used, so your account is ready. Sign in with your email address and password."
        actionLabel="Go to Sign In"
        dialog="sign-in"
      />
    );
  }
  if (state === 'expired') {
    return (
      <LinkProblem
        title="Link Expired"
        message="This join link has expired. Links work for a limited time, for your safety."
        actionLabel="Return to Home"
        dialog="join"
      >
        <p className="mt-4">Choose Join Now on the home page and we'll send you a new link.</p>
      </LinkProblem>
    );
  }
  if (state === 'unknown') {
    return (
      <LinkProblem title="Invalid Link" message="This verification link is invalid or has expired.">
        <p className="mt-4">To join, go back to the home page and choose Join Now: we'll send you a new link.</p>
      </LinkProblem>
    );
  }
  return <CompleteRegistration token={token} returnTo={returnTo} />;
}

type Outcome = 'signed-in' | 'activated';

/**
 * With `returnTo` (the member joined from a puzzle they wanted) the new member goes back to
 * that page instead of the welcome; the welcome gift still waits for them on the member home.
 */
function CompleteRegistration({ token, returnTo }: { token: string; returnTo: string | null }) {
  useDocumentTitle('Complete Your Registration');
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useVerifyEmail();
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  // docs/product/screens.md#joining-and-password-pages: signed in, to /?welcome=true after 1 s; otherwise to the 'activated' page after 250 ms.
  useEffect(() => {
    if (!outcome) return;
    const timer = setTimeout(
      () => {
        void navigate(
          outcome === 'activated'
            ? paths.registrationSuccess.getHref({ completed: true })
            : (returnTo ?? `${paths.home.getHref()}?welcome=true`),
        );
      },
      outcome === 'signed-in' ? AUTO_LOGIN_REDIRECT_MS : REGISTRATION_SUCCESS_REDIRECT_MS,
    );
    return () => clearTimeout(timer);
  }, [outcome, navigate, returnTo]);

  const complete = async (password: string) => {
    setFailure(null);
    try {
      const result = await mutateAsync({ token, password });
      if (result.autoLogin) {
        // Sent on to their profile from the member home, unless they are going back to a page.
        if (!returnTo) newMemberFlag.raise();
        // One toast at a time (docs/product/screens.md#toasts), so the welcome rides on the same one.
        toast({
          title: 'Registration Complete!',
          description: "Welcome to Jigsaw Club! You're signed in, with 5 PuzzlePoints to start trading.",
        });
        setOutcome('signed-in');
      } else {
        toast({ title: 'Registration Complete!', description: 'Your account is active. Please log in.' });
        setOutcome('activated');
      }
    } catch (error) {
      const text = failureText(error, { call: 'Failed to complete registration', toast: 'Please try again.' });
      // On the page until the member tries again (issue 14), not in a toast that fades.
      setFailure(text);
    }
  };

  return (
    <>
      <h1 className="text-3xl font-bold">Complete Your Registration</h1>
      {outcome ? (
        <div role="status" className="mt-6 flex items-center gap-4 rounded-lg bg-brand-50 p-5">
          <CircleCheck aria-hidden="true" className="size-8 shrink-0 text-brand-700" />
          <p className="flex-1 text-lg font-semibold text-brand-900">
            Your account is ready. {outcome === 'signed-in' ? 'Taking you to the club…' : 'One moment…'}
          </p>
          <LoaderCircle aria-hidden="true" className="size-7 shrink-0 animate-spin text-brand-700" />
        </div>
      ) : (
        <>
          <p className="mt-4 text-lg">
            Choose a password for your Jigsaw Club account. You'll use it with your email address to sign in.
          </p>
          {failure && (
            <div role="alert" className="mt-6 rounded-lg border-2 border-danger-700 bg-danger-50 p-4 text-danger-900">
              <p className="font-bold">Registration Failed</p>
              <p className="font-semibold">{failure}</p>
              <p className="mt-2">
                If your link has expired, go back to the home page and choose Join Now for a new one.
              </p>
            </div>
          )}
          <div className="mt-6">
            <SetPasswordForm
              passwordLabel="Password"
              confirmLabel="Confirm password"
              submitLabel="Complete Registration"
              busyLabel="Creating Account..."
              busy={isPending}
              onSubmit={(password) => void complete(password)}
            />
          </div>
        </>
      )}
    </>
  );
}
