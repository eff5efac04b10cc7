import { useState, type FormEvent, type ReactNode } from 'react';
import {
  useForm,
  useWatch,
  type FieldValues,
  type Path,
  type UseFormRegisterReturn,
  type UseFormSetError,
} from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { Link, useNavigate } from 'react-router';
import { CircleCheck } from 'lucide-react';
import { MESSAGE_MAX, THREAD_SUBJECT_MAX } from '../../../../domain/constants';
import {
  CONTACT_NAME_MAX,
  contactMemberSchema,
  contactVisitorSchema,
  type ContactMemberBody,
  type ContactMemberInput,
  type ContactVisitorBody,
  type ContactVisitorInput,
} from '../../../../domain/contact';
import { CharacterCount } from '../../../components/ui/character-count';
import { Field } from '../../../components/ui/field';
import { FormAlert, useFormProblem, type FormProblem } from '../../../components/ui/form-alert';
import { Input } from '../../../components/ui/input';
import { SubmitButton } from '../../../components/ui/submit-button';
import { Textarea } from '../../../components/ui/textarea';
import { toast } from '../../../components/ui/use-toast';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { useDocumentTitle } from '../../../lib/use-document-title';
import { paths } from '../../../paths';
import { useSendContactMessage } from '../api/send-contact-message';
import { useWriteToClubTeam } from '../api/write-to-club-team';

/**
 * /contact, 'Contact the club' (issue 14 point 4, decision 0021). A member writes to the club
 * team in Messages: the message opens a conversation with the administrators. A visitor
 * gives their name and e-mail address; the administrators are told at once and answer by
 * e-mail.
 */
export function ContactPage() {
  useDocumentTitle('Contact the club');
  const user = useCurrentUser();
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="text-3xl font-bold">Contact the club</h1>
      {user ? (
        <p>
          Write to the club team here and your message starts a conversation in your Messages, where the team will
          answer, usually within two working days.
        </p>
      ) : (
        <p>
          Questions about joining or trading? Our volunteer membership team reads every message and will reply by
          e-mail, usually within two working days.
        </p>
      )}
      <ContactClubForm />
      <p>
        How we look after what you tell us:{' '}
        <Link to={paths.privacy.getHref()} className="text-brand-700 underline">
          Privacy
        </Link>
        .
      </p>
    </div>
  );
}

/** The form that suits who is looking: a member's opens a conversation, a visitor's is e-mailed. */
export function ContactClubForm() {
  const user = useCurrentUser();
  return user ? <MemberContactForm /> : <VisitorContactForm />;
}

/** Server field errors under their fields; anything else at the top of the form. */
function showServerErrors<T extends FieldValues>(
  error: unknown,
  fields: readonly Path<T>[],
  setError: UseFormSetError<T>,
  report: (problem: FormProblem) => void,
) {
  const fieldErrors = error instanceof ApiError ? error.errors : [];
  let placed = false;
  for (const fieldError of fieldErrors) {
    if ((fields as readonly string[]).includes(fieldError.path)) {
      setError(fieldError.path as Path<T>, { type: 'server', message: fieldError.message });
      placed = true;
    }
  }
  if (!placed) report({ title: errorMessage(error, 'Your message could not be sent. Please try again.') });
}

/**
 * What both forms share: the refusal at the top, their own fields, the message with its
 * count, and the send button. A second submit while the first is on its way is ignored.
 */
function ContactFormShell({
  onSubmit,
  pending,
  problem,
  message,
  submitLabel,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  pending: boolean;
  problem: FormProblem | null;
  message: { registration: UseFormRegisterReturn<'message'>; length: number; error?: string };
  submitLabel: string;
  children: ReactNode;
}) {
  const guarded = (event: FormEvent<HTMLFormElement>) => {
    if (pending) return event.preventDefault();
    void onSubmit(event);
  };
  return (
    <form noValidate onSubmit={guarded} aria-label="Contact the club" className="flex flex-col gap-4">
      <FormAlert problem={problem} />
      {children}
      <Field
        label="Your message"
        error={message.error}
        note={<CharacterCount length={message.length} max={MESSAGE_MAX} />}
      >
        <Textarea rows={7} maxLength={MESSAGE_MAX} {...message.registration} />
      </Field>
      <p>
        <SubmitButton busy={pending} label={submitLabel} busyLabel="Sending…" />
      </p>
    </form>
  );
}

const VISITOR_FIELDS = ['name', 'email', 'message'] as const;

function VisitorContactForm() {
  const send = useSendContactMessage();
  const [sent, setSent] = useState<string | null>(null);
  const { problem, report, clear } = useFormProblem();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<ContactVisitorInput, unknown, ContactVisitorBody>({
    resolver: zodResolver(contactVisitorSchema),
    defaultValues: { name: '', email: '', message: '' },
  });
  const message = useWatch({ control, name: 'message' });

  const submit = handleSubmit((body) => {
    clear();
    send.mutate(body, {
      onSuccess: (answer) => setSent(answer.message),
      onError: (error) => showServerErrors(error, VISITOR_FIELDS, setError, report),
    });
  });

  if (sent) return <Sent message={sent} />;
  return (
    <ContactFormShell
      onSubmit={submit}
      pending={send.isPending}
      problem={problem}
      message={{ registration: register('message'), length: message.length, error: errors.message?.message }}
      submitLabel="Send message"
    >
      <Field label="Your name" error={errors.name?.message}>
        <Input autoComplete="name" maxLength={CONTACT_NAME_MAX} {...register('name')} />
      </Field>
      <Field label="Your e-mail address" hint="We reply to this address." error={errors.email?.message}>
        <Input type="email" autoComplete="email" {...register('email')} />
      </Field>
    </ContactFormShell>
  );
}

const MEMBER_FIELDS = ['subject', 'message'] as const;

function MemberContactForm() {
  const write = useWriteToClubTeam();
  const navigate = useNavigate();
  const { problem, report, clear } = useFormProblem();
  const {
    register,
    handleSubmit,
    control,
    setError,
    formState: { errors },
  } = useForm<ContactMemberInput, unknown, ContactMemberBody>({
    resolver: zodResolver(contactMemberSchema),
    defaultValues: { subject: '', message: '' },
  });
  const message = useWatch({ control, name: 'message' });

  const submit = handleSubmit((body) => {
    clear();
    write.mutate(body, {
      onSuccess: ({ threadId }) => {
        toast({ title: 'Message sent', description: 'The club team will answer in your Messages.' });
        void navigate(`${paths.messages.getHref()}?thread=${threadId}`);
      },
      onError: (error) => showServerErrors(error, MEMBER_FIELDS, setError, report),
    });
  });

  return (
    <ContactFormShell
      onSubmit={submit}
      pending={write.isPending}
      problem={problem}
      message={{ registration: register('message'), length: message.length, error: errors.message?.message }}
      submitLabel="Send to the club team"
    >
      <Field label="Subject" error={errors.subject?.message}>
        <Input maxLength={THREAD_SUBJECT_MAX} {...register('subject')} />
      </Field>
    </ContactFormShell>
  );
}

function Sent({ message }: { message: string }) {
  return (
    <div role="status" className="flex gap-3 rounded-md border-2 border-brand-700 bg-brand-50 p-4">
      <CircleCheck aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
      <div>
        <h2 className="text-xl font-bold">Message sent</h2>
        <p className="mt-1">{message}</p>
        <p className="mt-3">
          <Link to={paths.home.getHref()} className="text-brand-700 underline">
            Back to the home page
          </Link>
        </p>
      </div>
    </div>
  );
}
