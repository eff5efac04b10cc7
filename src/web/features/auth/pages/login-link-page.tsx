import { useEffect, useRef } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { PageSpinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { displayName } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { failureText } from '../api/failure-text';
import { useVerifyLoginLink } from '../api/verify-login-link';
import { LinkProblem } from '../components/link-problem';
import { returnToFrom } from '../components/return-to';

const INVALID_LINK_MESSAGE = 'This sign-in link is invalid or has expired.';

/** /login-link?token=…: the e-mailed sign-in link (docs/product/accounts.md#login-links). Signs the member in and goes home. */
export function LoginLinkPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  if (!token) return <InvalidLoginLink message={INVALID_LINK_MESSAGE} />;
  return <SignInWithLink token={token} returnTo={returnToFrom(searchParams)} />;
}

/** Signs in, then goes home, or back to the page the member asked from (`returnTo`). */
function SignInWithLink({ token, returnTo }: { token: string; returnTo: string | null }) {
  useDocumentTitle('Signing You In');
  const navigate = useNavigate();
  const { mutateAsync, error } = useVerifyLoginLink();
  // The token works once: React's development double-run of effects must not spend it twice.
  const usedToken = useRef<string | null>(null);

  useEffect(() => {
    if (usedToken.current === token) return;
    usedToken.current = token;
    mutateAsync({ token })
      .then(async ({ user }) => {
        toast({ title: 'Welcome back!', description: `Successfully logged in as ${displayName(user)}` });
        await navigate(returnTo ?? paths.home.getHref(), { replace: true });
      })
      .catch(() => {
        // Shown on the page below.
      });
  }, [token, mutateAsync, navigate, returnTo]);

  if (error) return <InvalidLoginLink message={failureText(error, { toast: INVALID_LINK_MESSAGE })} />;
  return (
    <>
      <h1 className="text-3xl font-bold">Signing You In</h1>
      <p className="mt-4 text-lg">One moment while we check your link…</p>
      <PageSpinner />
    </>
  );
}

function InvalidLoginLink({ message }: { message: string }) {
  return (
    <LinkProblem title="Invalid Sign-in Link" message={message} actionLabel="Request a New Link" dialog="login-link">
      <p className="mt-4">Each link works once and expires after 1 hour. Request a new one below.</p>
    </LinkProblem>
  );
}
