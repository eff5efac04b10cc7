import { useNavigate, useSearchParams } from 'react-router';
import { toast } from '../../../components/ui/use-toast';
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

  const reset = async (password: string) => {
    try {
      await mutateAsync({ token, password });
    } catch (error) {
      toast({
        title: 'Reset Failed',
        description: failureText(error, {
          call: 'Failed to reset password',
          toast: 'Failed to reset password. The link may be expired.',
        }),
        variant: 'destructive',
      });
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
