import type { ComponentProps } from 'react';
import { Toast as ToastPrimitive } from 'radix-ui';
import { X } from 'lucide-react';
import {
  TOAST_DURATION_MS,
  TOAST_HOTKEY,
  TOAST_SWIPE_DIRECTION,
  TOAST_SWIPE_THRESHOLD_PX,
} from '../../../domain/constants';
import { cn } from '../../lib/cn';
import type { ToastVariant } from './use-toast';

// shadcn/ui-style wrappers around Radix Toast. The provider fixes the product's behaviour
// (docs/product/screens.md#toasts): 5000 ms on screen, swipe right past 50 px to dismiss; the viewport answers to F8.

const hotkey = [...TOAST_HOTKEY];

export function ToastProvider(props: ComponentProps<typeof ToastPrimitive.Provider>) {
  return (
    <ToastPrimitive.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection={TOAST_SWIPE_DIRECTION}
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      {...props}
    />
  );
}

export function ToastViewport({ className, ...props }: ComponentProps<typeof ToastPrimitive.Viewport>) {
  return (
    <ToastPrimitive.Viewport
      hotkey={hotkey}
      label="Notifications ({hotkey})"
      className={cn(
        'fixed top-0 right-0 z-[100] flex max-h-screen w-full flex-col p-2 sm:p-4',
        'sm:top-auto sm:bottom-0 sm:max-w-md',
        className,
      )}
      {...props}
    />
  );
}

const variants: Record<ToastVariant, string> = {
  default: 'border-line bg-white text-ink',
  destructive: 'border-danger-700 bg-danger-50 text-danger-900',
};

export interface ToastProps extends ComponentProps<typeof ToastPrimitive.Root> {
  variant?: ToastVariant;
}

export function Toast({ variant = 'default', className, ...props }: ToastProps) {
  return (
    <ToastPrimitive.Root
      className={cn(
        // Compact, so a toast takes little of a phone's screen at the Largest text size: only
        // the title keeps clear of the close button; the words below it use the full width.
        'toast relative flex w-full items-start gap-3 rounded-lg border-2 p-3 shadow-lg sm:p-4',
        'data-[state=open]:animate-fade-in',
        variants[variant],
        className,
      )}
      {...props}
    />
  );
}

export function ToastTitle({ className, ...props }: ComponentProps<typeof ToastPrimitive.Title>) {
  return <ToastPrimitive.Title className={cn('pr-11 font-bold', className)} {...props} />;
}

export function ToastDescription({ className, ...props }: ComponentProps<typeof ToastPrimitive.Description>) {
  return <ToastPrimitive.Description className={cn('mt-1', className)} {...props} />;
}

export function ToastAction({ className, ...props }: ComponentProps<typeof ToastPrimitive.Action>) {
  return (
    <ToastPrimitive.Action
      className={cn(
        'mt-3 inline-flex min-h-11 items-center rounded-md border-2 border-current px-4 font-semibold',
        className,
      )}
      {...props}
    />
  );
}

export function ToastClose({ className, ...props }: ComponentProps<typeof ToastPrimitive.Close>) {
  return (
    <ToastPrimitive.Close
      aria-label="Dismiss notification"
      className={cn(
        'absolute top-2 right-2 inline-flex size-11 items-center justify-center rounded-md hover:bg-black/5',
        className,
      )}
      {...props}
    >
      <X aria-hidden="true" className="size-5" />
    </ToastPrimitive.Close>
  );
}
