import { useEffect, useRef } from 'react';
import { MailCheck } from 'lucide-react';
import { Button } from '../../../components/ui/button';

/**
 * The 'sent' state of the forgot-password and login-link dialogs: the confirmation, taking
 * focus so it is read out at once, and the way back to signing in.
 */
export function SentConfirmation({ message, detail, onBack }: { message: string; detail: string; onBack: () => void }) {
  const messageRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    messageRef.current?.focus();
  }, []);
  return (
    <div className="flex flex-col gap-5">
      <div ref={messageRef} tabIndex={-1} className="flex items-start gap-3 rounded-lg bg-brand-50 p-4">
        <MailCheck aria-hidden="true" className="mt-1 size-7 shrink-0 text-brand-700" />
        <div>
          <p className="font-semibold text-brand-900">{message}</p>
          <p className="mt-2">{detail}</p>
        </div>
      </div>
      <Button className="w-full" onClick={onBack}>
        Back to Sign In
      </Button>
    </div>
  );
}
