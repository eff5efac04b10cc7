import { useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { CircleAlert } from 'lucide-react';
import { buttonClasses } from '../../../components/ui/button';
import { toast } from '../../../components/ui/use-toast';
import type { OpenAuthDialogState } from '../../../lib/auth-dialogs';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { failureText } from '../api/failure-text';
import { useResetPassword } from '../api/reset-password';
import { LinkProblem } from '../components/link-problem';
import { SetPasswordForm } from '../components/set-password-form';

/** /reset-password?token=…: the e-mailed link's page, where a member chooses a new password. */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token')?.trim();
  if (!token) {
    return (
      <LinkProblem title="Invalid Reset Link" message="The password reset link is invalid or expired.">
        <p className="mt-4">To get a new link, go back to the home page, choose Sign In and then 'Forgot password?'.</p>
      </LinkProblem>
    );
  }
  return <ChooseNewPassword token={token} />;
}

function ChooseNewPassword({ token }: { token: string }) {
  useDocumentTitle('Reset Your Password');
  const navigate = useNavigate();
  const { mutateAsync, isPending } = useResetPassword();
  // The toast goes after 5 seconds; a spent or expired link needs a lasting answer too.
  const [failure, setFailure] = useState<string | null>(null);

  const reset = async (password: string) => {
    setFailure(null);
    try {
      await mutateAsync({ token, password });
    } catch (error) {
      const message = failureText(error, {
        call: 'Failed to reset password',
        toast: 'Failed to reset password. The link may be expired.',
      });
      // On the page, not in a toast that fades (issue 14).
      setFailure(message);
      return;
    }
    toast({
      title: 'Password Reset Successful',
      description: 'Your password has been updated. You can now log in with your new password.',
    });
    await navigate(paths.home.getHref());
  };

  return (
    <>
      <h1 className="text-3xl font-bold">Reset Your Password</h1>
      <p className="mt-4 text-lg">Choose a new password for your Jigsaw Club account.</p>
      {failure && <ResetFailed message={failure} />}
      <div className="mt-6">
        <SetPasswordForm
          passwordLabel="New password"
          confirmLabel="Confirm new password"
          submitLabel="Update Password"
          busyLabel="Updating Password..."
          busy={isPending}
          onSubmit={(password) => void reset(password)}
        />
      </div>
    </>
  );
}

// The forgot-password dialog opens on the landing page, ready for the address.
const requestNewLink: OpenAuthDialogState = { authDialog: 'forgot-password' };

/** Why the new password was not saved, and the way to a new link. */
function ResetFailed({ message }: { message: string }) {
  return (
    <div role="alert" className="mt-6 rounded-lg border-2 border-danger-700 bg-danger-50 p-4 text-danger-900">
      <p className="flex items-start gap-2 font-bold">
        <CircleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0" />
        <span>Reset Failed: {message}</span>
      </p>
      <p className="mt-2">Each reset link works once and expires after 1 hour. Ask for a new one and try again.</p>
      <p className="mt-4">
        <Link to={paths.home.getHref()} state={requestNewLink} className={buttonClasses({ variant: 'secondary' })}>
          Request a New Link
        </Link>
      </p>
    </div>
  );
}
