import { useRef } from 'react';
import { LogIn, UserPlus } from 'lucide-react';
import type { AuthDialogName } from '../../lib/auth-dialogs';
import { Button } from '../ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../ui/dialog';

type Choice = Extract<AuthDialogName, 'join' | 'sign-in'>;

export interface JoinPromptDialogProps {
  /** What the visitor tried to do ('request this puzzle'); null when closed. */
  action: string | null;
  onClose: () => void;
  /** Join Now or Sign In was chosen: called once this dialog has gone and focus is back on the page. */
  onChosen: (choice: Choice) => void;
}

/**
 * 'Join or sign in to request this puzzle': the short question a visitor gets on a public page
 * when they press something only members can do. Either way they come back to this page.
 * The chosen account dialog opens after this one has handed focus back to the button that
 * opened it, so that one is where focus returns when the account dialog closes.
 */
export function JoinPromptDialog({ action, onClose, onChosen }: JoinPromptDialogProps) {
  const chosen = useRef<Choice | null>(null);
  const choose = (choice: Choice) => {
    chosen.current = choice;
    onClose();
  };
  return (
    <Dialog open={action !== null} onOpenChange={(open) => !open && onClose()}>
      <DialogContent
        onCloseAutoFocus={() => {
          const choice = chosen.current;
          chosen.current = null;
          if (choice) onChosen(choice);
        }}
      >
        <DialogHeader>
          <DialogTitle>Join or sign in to {action}</DialogTitle>
          <DialogDescription>
            Jigsaw Club is free to join, and new members receive 5 PuzzlePoints to start trading. Once you are in, you
            come back to this page.
          </DialogDescription>
        </DialogHeader>
        <div className="flex flex-col gap-3 sm:flex-row">
          <Button size="large" className="flex-1" onClick={() => choose('join')}>
            <UserPlus aria-hidden="true" className="size-5" />
            Join Now
          </Button>
          <Button size="large" variant="secondary" className="flex-1" onClick={() => choose('sign-in')}>
            <LogIn aria-hidden="true" className="size-5" />
            Sign In
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}
