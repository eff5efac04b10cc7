import type { ComponentProps } from 'react';
import { Dialog as DialogPrimitive } from 'radix-ui';
import { cn } from '../../lib/cn';
import { CornerClose, DialogOverlay, useReturnFocus } from './dialog';

// A panel that slides in from the right edge: a Radix Dialog underneath, so focus stays
// inside while it is open, Escape closes it and focus returns to the button that opened it.

export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

export interface SheetContentProps extends ComponentProps<typeof DialogPrimitive.Content> {
  closeLabel?: string;
  /** 'menu': a narrow panel (the mobile menu); 'page': the whole screen on a phone, a wide panel from sm up. */
  size?: 'menu' | 'page';
}

const sizes = {
  menu: 'w-80 max-w-[90vw]',
  page: 'w-full sm:w-[42rem] sm:max-w-[90vw]',
} as const;

export function SheetContent({
  className,
  children,
  closeLabel = 'Close menu',
  size = 'menu',
  onOpenAutoFocus,
  onCloseAutoFocus,
  ...props
}: SheetContentProps) {
  const returnFocus = useReturnFocus(onOpenAutoFocus, onCloseAutoFocus);
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay />
      <DialogPrimitive.Content
        className={cn(
          // Starts below any toast (--toast-space, set by the toaster).
          'fixed top-[var(--toast-space,0px)] bottom-0 right-0 z-50 flex flex-col overflow-y-auto bg-white p-6 shadow-xl',
          sizes[size],
          'data-[state=open]:animate-slide-in-right',
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
