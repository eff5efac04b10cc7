import { useRef } from 'react';
import { useMember } from '../../../lib/current-user';
import { useMarkWelcomeSeen } from '../api/mark-welcome-seen';
import { useNewMemberRedirect } from '../hooks/use-new-member-redirect';
import { WelcomeGiftDialog } from './welcome-gift-dialog';

/**
 * The member home's welcome part: the welcome-gift dialog while the member has not seen it,
 * and the new member's move on to their profile once it is closed. The router hands this to
 * the member home page, so the dashboard feature does not import this one.
 */
export function WelcomeGift() {
  const member = useMember();
  const markSeen = useMarkWelcomeSeen();
  const closing = useRef(false);
  const open = !member.hasSeenWelcomeGift;
  useNewMemberRedirect({ hold: open });

  const onOpenChange = (isOpen: boolean) => {
    // One call per close, however many ways the member tried to close it meanwhile.
    if (isOpen || closing.current) return;
    closing.current = true;
    markSeen.mutate(undefined, {
      onSettled: () => {
        closing.current = false;
      },
    });
  };

  return <WelcomeGiftDialog open={open} onOpenChange={onOpenChange} balance={member.puzzlePoints} />;
}
