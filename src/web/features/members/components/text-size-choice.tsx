import { TextSizeChoices } from '../../../components/layout/text-size-control';

/**
 * 'Text size' on the profile: Standard, Large or Largest. Choosing one saves it on the account
 * at once, and the whole site changes size; it follows the member to every device they sign in
 * on. The same choices as the top bar's 'Text size' (decision 0022).
 */
export function TextSizeChoice() {
  return (
    <TextSizeChoices
      className="gap-3 border-t border-line pt-5"
      legendClassName="text-xl"
      optionsClassName="sm:flex-row"
      hint={
        <>
          Makes all the writing on the site larger. It changes as soon as you choose, and stays with you on every device
          you sign in on. You can also change it from ‘Text size’ at the top of every page.
        </>
      }
    />
  );
}
