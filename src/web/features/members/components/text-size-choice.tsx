import { useId } from 'react';
import { TEXT_SIZES } from '../../../../domain/enums';
import { TEXT_SIZE_OPTIONS } from '../../../../domain/constants';
import { RadioOption } from '../../../components/ui/radio-option';
import { useChooseTextSize } from '../../../lib/text-size';

/**
 * 'Text size': Standard, Large or Largest. Choosing one saves it on the account at once, and
 * the whole site changes size; it follows the member to every device they sign in on. The
 * top bar's control (components/layout/text-size-control.tsx) changes the same setting.
 */
export function TextSizeChoice() {
  const { size: chosen, choose } = useChooseTextSize();
  const name = useId();
  const hintId = `${name}-hint`;
  return (
    <fieldset aria-describedby={hintId} className="flex flex-col gap-3 border-t border-line pt-5">
      <legend className="float-left mb-2 text-xl font-bold">Text size</legend>
      <p id={hintId} className="clear-left">
        Makes all the writing on the site larger. It changes as soon as you choose, and stays with you on every device
        you sign in on. You can also change it from ‘Text size’ at the top of every page.
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
