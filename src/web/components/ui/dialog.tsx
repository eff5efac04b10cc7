import { useRef, type ComponentProps, type HTMLAttributes } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import { cn } from '../../lib/cn';
import { buttonClasses } from './button';

// shadcn/ui-style wrappers around Radix Dialog: Radix traps focus, closes on Escape and
// returns focus to the button that opened the dialog; these add our looks.

export const Dialog = DialogPrimitive.Root;
export const DialogTrigger = DialogPrimitive.Trigger;
export const DialogClose = DialogPrimitive.Close;

export function DialogOverlay({ className, ...props }: ComponentProps<typeof DialogPrimitive.Overlay>) {
  return (
    <DialogPrimitive.Overlay
      className={cn('fixed inset-0 z-50 bg-black/60 data-[state=open]:animate-fade-in', className)}
      {...props}
    />
  );
}

export interface DialogContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  /** The accessible name of the corner close button. */
  closeLabel?: string;
}

export function DialogContent({
  className,
  children,
  closeLabel = 'Close',
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: DialogContentProps) {
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          'fixed top-[calc(50%+var(--toast-space,0px)/2)] left-1/2 z-50 w-[calc(100%-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
          // Scrolls inside itself when zoomed in or on a short screen; below any toast
          // (--toast-space, set by the toaster), so a toast never covers its title or buttons.
          'max-h-[calc(100dvh-2rem-var(--toast-space,0px))] overflow-y-auto rounded-lg bg-white p-6 shadow-xl',
          'data-[state=open]:animate-zoom-in',
          className,
        )}
        {...returnFocus}
        {...props}
      >
        {children}
        <CornerClose label={closeLabel} />
      </DialogPrimitive.Content>
    </DialogPrimitive.Portal>
  );
}

/**
 * The close button in the top right corner of a dialog or sheet. It shows the word 'Close'
 * beside the X (issue 14: every control has a visible word); `label` is its accessible name
 * ('Close post'), which starts with that word, so speech users can say what they see.
 * Titles keep clear of it with right padding (DialogHeader, the sheets' titles).
 */
export function CornerClose({ label }: { label: string }) {
  return (
    <DialogPrimitive.Close
      aria-label={label}
      className={buttonClasses({ variant: 'ghost', className: 'absolute top-3 right-3 gap-1 px-3' })}
    >
      <X aria-hidden="true" className="size-6" />
      Close
    </DialogPrimitive.Close>
  );
}

type AutoFocusHandler = ComponentProps<typeof DialogPrimitive.Content>['onOpenAutoFocus'];

/**
 * On close, focus goes back to whatever had it when the dialog opened. Radix does this only
 * for its own Trigger; our dialogs are often opened by a plain button elsewhere on the page.
 */
export function useReturnFocus(onOpenAutoFocus?: AutoFocusHandler, onCloseAutoFocus?: AutoFocusHandler) {
  const opener = useRef<HTMLElement | null>(null);
  return {
    onOpenAutoFocus: (event: Event) => {
      opener.current = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      onOpenAutoFocus?.(event);
    },
    onCloseAutoFocus: (event: Event) => {
      onCloseAutoFocus?.(event);
      if (event.defaultPrevented || !opener.current?.isConnected) return;
      event.preventDefault();
      opener.current.focus();
    },
  };
}

export function DialogHeader({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  // Right padding keeps the title clear of the close button (CornerClose).
  return <div className={cn('mb-4 flex flex-col gap-2 pr-28', className)} {...props} />;
}

/**
 * A dialog's buttons, in the order they are read at every width: the safe one ('Go back',
 * 'Keep my membership', 'Cancel') first, left of or above the one that acts, which every
 * dialog writes second (issue 22, decision 0022). Each button is whole: a row that is too
 * narrow puts the second button under the first, and a label longer than the dialog wraps its
 * words rather than being cut off at the dialog's edge.
 */
export function DialogFooter({ className, ...props }: HTMLAttributes<HTMLDivElement>) {
  return (
    <div
      className={cn(
        'mt-6 flex flex-col gap-3 *:shrink-0 *:whitespace-normal sm:flex-row sm:flex-wrap sm:justify-end',
        className,
      )}
      {...props}
    />
  );
}

export function DialogTitle({ className, ...props }: ComponentProps<typeof DialogPrimitive.Title>) {
  return <DialogPrimitive.Title className={cn('text-2xl font-bold text-ink', className)} {...props} />;
}

export function DialogDescription({ className, ...props }: ComponentProps<typeof DialogPrimitive.Description>) {
  return <DialogPrimitive.Description className={cn('text-ink-muted', className)} {...props} />;
}
