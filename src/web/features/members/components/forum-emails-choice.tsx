import { useState } from 'react';
import { CheckboxField } from '../../../components/ui/checkbox';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateMyMemberProfile } from '../api/update-my-member-profile';

/**
 * 'Forum e-mails' (docs/product/messages.md#e-mail): whether a reply to my post or my reply also comes by e-mail
 * (it always shows under the bell). On by default; ticking or unticking saves at once.
 */
export function ForumEmailsChoice({ current }: { current: boolean }) {
  const save = useUpdateMyMemberProfile();
  // The box shows the choice at once; a failed save puts the saved value back.
  const [checked, setChecked] = useState(current);
  const change = (forumEmails: boolean) => {
    setChecked(forumEmails);
    save.mutate(
      { forumEmails },
      {
        onSuccess: () =>
          toast({
            title: 'Forum e-mails saved',
            description: forumEmails
              ? 'We will e-mail you when someone replies to you in the forum.'
              : 'Replies to you in the forum will show under the bell only.',
          }),
        onError: (error) => {
          setChecked(!forumEmails);
          toast({
            title: 'Update failed',
            description: errorMessage(error, 'Failed to save your forum e-mail choice'),
            variant: 'destructive',
          });
        },
      },
    );
  };
  return (
    <fieldset className="flex flex-col gap-2 border-t border-line pt-5">
      <legend className="float-left mb-2 text-xl font-bold">Forum e-mails</legend>
      <CheckboxField
        className="clear-left"
        label="E-mail me when someone replies to my post or my reply in the Community forum"
        checked={checked}
        onChange={(e) => change(e.target.checked)}
      />
    </fieldset>
  );
}
