import { useEffect, useId, useState } from 'react';
import { useLocation } from 'react-router';
import {
  EMAIL_CHOICE_LABELS,
  EMAIL_CHOICES,
  MESSAGE_EMAIL_CHOICES,
  type EmailChoice,
  type NotificationPreferences,
  type NotificationPreferencesPatch,
} from '../../../../domain/email-preferences';
import { ErrorState } from '../../../components/ui/error-state';
import { RadioOption } from '../../../components/ui/radio-option';
import { Spinner } from '../../../components/ui/spinner';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useEmailPreferences, useSaveEmailPreference } from '../api/email-preferences';

const SECTION_ID = 'email';

type Changeable = 'messages' | 'forum' | 'wanted';

const KINDS: { key: Changeable; legend: string; hint: string; choices: readonly EmailChoice[] }[] = [
  {
    key: 'messages',
    legend: 'New messages from other members',
    hint: 'Messages always wait for you under Messages when you visit.',
    choices: MESSAGE_EMAIL_CHOICES,
  },
  {
    key: 'forum',
    legend: 'Replies to your posts in the Community forum',
    hint: 'Replies always show under the bell when you visit.',
    choices: EMAIL_CHOICES,
  },
  {
    key: 'wanted',
    legend: 'New puzzles for your saved searches',
    hint: 'New saved searches start with this choice; each saved search can have its own.',
    choices: EMAIL_CHOICES,
  },
];

/**
 * The profile's 'E-mail' section (docs/product/email.md#preferences): for each kind of news,
 * how often it comes by e-mail, in plain words. Choosing saves at once. Trade e-mails are
 * shown, not changeable: each step of a trade is e-mailed to the other member straight away.
 */
export function EmailSettings() {
  const preferences = useEmailPreferences();
  const { hash } = useLocation();
  // Every e-mail's foot links here (/profile#email).
  useEffect(() => {
    if (hash === `#${SECTION_ID}` && preferences.isSuccess)
      document.getElementById(SECTION_ID)?.scrollIntoView({ block: 'start' });
  }, [hash, preferences.isSuccess]);
  return (
    <section
      id={SECTION_ID}
      aria-labelledby={`${SECTION_ID}-heading`}
      className="flex flex-col gap-6 rounded-lg border border-line bg-white p-4 sm:p-6"
    >
      <div className="flex flex-col gap-2">
        <h2 id={`${SECTION_ID}-heading`} className="text-2xl font-bold">
          E-mail
        </h2>
        <p>
          Choose how often the club e-mails you about each kind of news. ‘Once a day’ and ‘Once a week’ put everything
          into one summary e-mail at 7 in the morning (weekly on Mondays).
        </p>
      </div>
      {preferences.isPending ? (
        <Spinner label="Loading your e-mail settings…" />
      ) : preferences.isError ? (
        <ErrorState message="Your e-mail settings could not be loaded." onRetry={() => void preferences.refetch()} />
      ) : (
        <>
          {KINDS.map((kind) => (
            <Choice key={kind.key} kind={kind} saved={preferences.data} />
          ))}
          <div className="flex flex-col gap-1 border-t border-line pt-5">
            <h3 className="text-xl font-bold">Your trades</h3>
            <p>
              Always at once. Each step of a trade is e-mailed to you straight away, so your trades keep moving. This
              cannot be turned off.
            </p>
          </div>
        </>
      )}
    </section>
  );
}

function Choice({ kind, saved }: { kind: (typeof KINDS)[number]; saved: NotificationPreferences }) {
  const save = useSaveEmailPreference();
  const name = useId();
  // The choice shows as soon as it is clicked, until the save answers: set in the click itself,
  // so the radio never flicks back to the saved choice while the mutation's own state catches up
  // (a browser test caught it unchecked just after the click).
  const [picked, setPicked] = useState<EmailChoice | null>(null);
  const chosen = picked ?? saved[kind.key];
  const change = (choice: EmailChoice) => {
    setPicked(choice);
    save.mutate({ [kind.key]: choice } as NotificationPreferencesPatch, {
      onSettled: () => setPicked(null),
      onSuccess: () =>
        toast({
          title: 'E-mail setting saved',
          description: `${kind.legend}: ${EMAIL_CHOICE_LABELS[choice].toLowerCase()}.`,
        }),
      onError: (error) =>
        toast({
          title: 'Update failed',
          description: errorMessage(error, 'Failed to save your e-mail setting'),
          variant: 'destructive',
        }),
    });
  };
  return (
    <fieldset aria-describedby={`${name}-hint`} className="flex flex-col gap-2 border-t border-line pt-5">
      <legend className="float-left mb-2 text-xl font-bold">{kind.legend}</legend>
      <p id={`${name}-hint`} className="clear-left">
        {kind.hint}
      </p>
      <div className="flex flex-col gap-2 sm:flex-row sm:flex-wrap">
        {kind.choices.map((choice) => (
          <RadioOption
            key={choice}
            name={name}
            value={choice}
            checked={chosen === choice}
            onChange={() => change(choice)}
            label={EMAIL_CHOICE_LABELS[choice]}
          />
        ))}
      </div>
    </fieldset>
  );
}
