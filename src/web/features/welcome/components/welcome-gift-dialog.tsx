import { useEffect, useRef, useState, type RefObject } from 'react';
import { Gift } from 'lucide-react';
import { WELCOME_GIFT_POINTS, WELCOME_SPARKLE_MS } from '../../../../domain/constants';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogClose,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';
import { formatPuzzlePoints } from '../../../lib/format';
import { SparkleBurst } from './sparkle-burst';

export interface WelcomeGiftDialogProps {
  open: boolean;
  /** Called with false however the dialog is closed: either button, the corner X, Escape or a click outside. */
  onOpenChange: (open: boolean) => void;
  /** The member's balance now. */
  balance: number;
}

/** The welcome gift (docs/product/points.md#the-welcome-gift): 5 PuzzlePoints for a new member, with a 3-second sparkle. */
export function WelcomeGiftDialog({ open, onOpenChange, balance }: WelcomeGiftDialogProps) {
  const startButton = useRef<HTMLButtonElement>(null);
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent
        closeLabel="Close welcome message"
        // Focus starts on the main button rather than the first one (Close).
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          startButton.current?.focus();
        }}
      >
        <WelcomeGiftBody balance={balance} startButton={startButton} />
      </DialogContent>
    </Dialog>
  );
}

function WelcomeGiftBody({
  balance,
  startButton,
}: {
  balance: number;
  startButton: RefObject<HTMLButtonElement | null>;
}) {
  // Drawn only while the dialog is open, so the sparkle starts each time it opens.
  const [sparkling, setSparkling] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => setSparkling(false), WELCOME_SPARKLE_MS);
    return () => clearTimeout(timer);
  }, []);

  return (
    <>
      <DialogHeader>
        <DialogTitle>Welcome to Jigsaw Club!</DialogTitle>
        <DialogDescription>
          Thank you for joining. As a welcome gift, we've added {formatPuzzlePoints(WELCOME_GIFT_POINTS)} to your
          account.
        </DialogDescription>
      </DialogHeader>

      <div className="relative mx-auto my-2 flex w-full max-w-xs flex-col items-center rounded-lg bg-highlight-100 px-4 py-6 text-center text-highlight-900">
        {sparkling && <SparkleBurst />}
        <Gift aria-hidden="true" className="size-14" />
        <p className="mt-2 text-3xl font-bold">{formatPuzzlePoints(WELCOME_GIFT_POINTS)}</p>
        <p className="font-semibold">Your welcome gift</p>
      </div>

      <div className="mt-4 flex flex-col gap-3">
        <p>
          PuzzlePoints are the club's own currency. Spend them to request finished puzzles from other members, and earn
          more by sending your own puzzles to members who ask for them.
        </p>
        <p className="font-semibold">Your balance: {formatPuzzlePoints(balance)}</p>
      </div>

      <DialogFooter>
        <DialogClose asChild>
          <Button variant="secondary">Close</Button>
        </DialogClose>
        <DialogClose asChild ref={startButton}>
          <Button>Start Exploring</Button>
        </DialogClose>
      </DialogFooter>
    </>
  );
}
