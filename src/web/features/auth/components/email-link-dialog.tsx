import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import type { z } from 'zod';
import { forgotPasswordSchema } from '../../../../domain/auth';
import { Button } from '../../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Field } from '../../../components/ui/field';
import { Input } from '../../../components/ui/input';
import { SubmitButton } from '../../../components/ui/submit-button';
import { toast } from '../../../components/ui/use-toast';
import { failureText } from '../api/failure-text';
import type { AuthDialogProps } from './auth-dialogs';
import { SentConfirmation } from './sent-confirmation';
import { FormAlert, useFormProblem } from '../../../components/ui/form-alert';

// Forgot password and the e-mail login link are the same dialog: an address, one call, then a
// confirmation that never says whether the address has an account. Only the words differ.

export type EmailLinkTexts = {
  title: string;
  intro: string;
  confirmation: string;
  submitLabel: string;
  busyLabel: string;
  sentToast: { title: string; description: string };
  failureTitle: string;
};

// Both calls take the same body: {email}.
const emailSchema = forgotPasswordSchema;
type EmailValues = z.input<typeof emailSchema>;
type EmailOutput = z.output<typeof emailSchema>;

type SendHook = () => {
  mutateAsync: (body: EmailOutput & { returnTo?: string }) => Promise<unknown>;
  isPending: boolean;
};

export function EmailLinkDialog({
  texts,
  useSend,
  open,
  onOpenChange,
  onSwitch,
  onCloseAutoFocus,
  returnTo,
}: AuthDialogProps & { texts: EmailLinkTexts; useSend: SendHook }) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent onCloseAutoFocus={onCloseAutoFocus}>
        <EmailLinkBody texts={texts} useSend={useSend} onBack={() => onSwitch('sign-in')} returnTo={returnTo} />
      </DialogContent>
    </Dialog>
  );
}

function EmailLinkBody({
  texts,
  useSend,
  onBack,
  returnTo,
}: {
  texts: EmailLinkTexts;
  useSend: SendHook;
  onBack: () => void;
  returnTo?: string;
}) {
  const [sent, setSent] = useState(false);
  const { mutateAsync, isPending } = useSend();
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<EmailValues, unknown, EmailOutput>({
    resolver: zodResolver(emailSchema),
    defaultValues: { email: '' },
  });

  const failure = useFormProblem();
  const onSubmit = handleSubmit(async (values) => {
    if (isPending) return;
    failure.clear();
    try {
      await mutateAsync(returnTo === undefined ? values : { ...values, returnTo });
    } catch (error) {
      failure.report({
        title: texts.failureTitle,
        description: failureText(error, { toast: 'Please try again later.' }),
      });
      return;
    }
    setSent(true);
    toast(texts.sentToast);
  });

  return (
    <>
      <DialogHeader>
        <DialogTitle>{texts.title}</DialogTitle>
        <DialogDescription>{sent ? 'Check your inbox for a message from Jigsaw Club.' : texts.intro}</DialogDescription>
      </DialogHeader>
      {sent ? (
        <SentConfirmation
          message={texts.confirmation}
          detail="The link works once and expires after 1 hour. If nothing arrives within a few minutes, look in your spam or junk folder."
          onBack={onBack}
        />
      ) : (
        <form noValidate onSubmit={onSubmit} className="flex flex-col gap-5">
          <FormAlert problem={failure.problem} />
          <Field label="Email address" error={errors.email?.message}>
            <Input type="email" autoComplete="email" spellCheck={false} {...register('email')} />
          </Field>
          <SubmitButton busy={isPending} label={texts.submitLabel} busyLabel={texts.busyLabel} className="w-full" />
          <p className="text-center">
            <Button variant="link" onClick={onBack}>
              Back to Sign In
            </Button>
          </p>
        </form>
      )}
    </>
  );
}
