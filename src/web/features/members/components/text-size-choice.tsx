import { useId, useState } from 'react';
import { TEXT_SIZES, type TextSize } from '../../../../domain/enums';
import { TEXT_SIZE_OPTIONS } from '../../../../domain/constants';
import { RadioOption } from '../../../components/ui/radio-option';
import { toast } from '../../../components/ui/use-toast';
import { errorMessage } from '../../../lib/api-client';
import { useUpdateMyMemberProfile } from '../api/update-my-member-profile';

/**
 * 'Text size': Standard, Large or Largest. Choosing one saves it on the account at once, and
 * the whole site changes size (the router sets the page's root size from the member); it
 * follows the member to every device they sign in on.
 */
export function TextSizeChoice({ current }: { current: TextSize }) {
  const save = useUpdateMyMemberProfile();
  const name = useId();
  // The choice shows at once; a failed save puts the saved size back.
  const [chosen, setChosen] = useState(current);
  const hintId = `${name}-hint`;
  const choose = (textSize: TextSize) => {
    setChosen(textSize);
    save.mutate(
      { textSize },
      {
        onSuccess: () =>
          toast({
            title: 'Text size saved',
            description: `${TEXT_SIZE_OPTIONS[textSize].label} text, on every device.`,
          }),
        onError: (error) => {
          setChosen(current);
          toast({
            title: 'Update failed',
            description: errorMessage(error, 'Failed to save the text size'),
            variant: 'destructive',
          });
        },
      },
    );
  };
  return (
    <fieldset aria-describedby={hintId} className="flex flex-col gap-3 border-t border-line pt-5">
      <legend className="float-left mb-2 text-xl font-bold">Text size</legend>
      <p id={hintId} className="clear-left">
        Makes all the writing on the site larger. It changes as soon as you choose, and stays with you on every device
        you sign in on.
      </p>
      <div className="flex flex-col gap-2 sm:flex-row">
        {TEXT_SIZES.map((size) => (
          <RadioOption
            key={size}
            name={name}
            value={size}
            checked={chosen === size}
            onChange={() => choose(size)}
            label={
              <span style={{ fontSize: `${TEXT_SIZE_OPTIONS[size].scale}em` }}>{TEXT_SIZE_OPTIONS[size].label}</span>
            }
          />
        ))}
      </div>
    </fieldset>
  );
}
