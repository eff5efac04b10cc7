import { useRef } from 'react';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../../../components/ui/dialog';

/**
 * Publish without a photo asks this once (docs/decisions/0024): members choose puzzles by
 * their picture, so a listing without one is easily passed over. Adding one is the first
 * button; publishing anyway is a plain choice, never a refusal.
 */
export function NoPhotoQuestion({
  open,
  onAddPhoto,
  showPhotoField,
  onPublishWithout,
  onClose,
}: {
  open: boolean;
  /** 'Add a photo': the question is answered (it closes)... */
  onAddPhoto: () => void;
  /** ...and once it has gone, the keyboard goes to the photo field. */
  showPhotoField: () => void;
  onPublishWithout: () => void;
  /** Closed without an answer: the next Publish asks again. */
  onClose: () => void;
}) {
  const content = useRef<HTMLDivElement>(null);
  const adding = useRef(false);
  return (
    <Dialog open={open} onOpenChange={(isOpen) => !isOpen && onClose()}>
      <DialogContent
        ref={content}
        // The safe answer comes first and has the keyboard.
        onOpenAutoFocus={(event) => {
          event.preventDefault();
          content.current?.querySelector<HTMLElement>('[data-safe-answer]')?.focus();
        }}
        onCloseAutoFocus={(event) => {
          if (!adding.current) return;
          adding.current = false;
          event.preventDefault();
          showPhotoField();
        }}
      >
        <DialogHeader>
          <DialogTitle>Add a photo first?</DialogTitle>
          <DialogDescription className="text-ink">
            This puzzle has no photo yet. Members choose puzzles by their picture, so a puzzle with a photo of the
            finished puzzle or its box is asked for more often.
          </DialogDescription>
        </DialogHeader>
        {/* Wrapping: both answers whole at every width and text size. */}
        <DialogFooter className="sm:flex-wrap">
          <Button
            data-safe-answer
            size="large"
            onClick={() => {
              adding.current = true;
              onAddPhoto();
            }}
          >
            Add a photo
          </Button>
          <Button variant="secondary" size="large" onClick={onPublishWithout}>
            Publish without a photo
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
