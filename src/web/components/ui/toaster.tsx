import { useEffect, useRef, useState, type RefObject } from 'react';
import { CircleAlert } from 'lucide-react';
import { Toast, ToastClose, ToastDescription, ToastProvider, ToastTitle, ToastViewport } from './toast';
import { useToast } from './use-toast';

const OPEN_DIALOG = '[role="dialog"][data-state="open"], [role="alertdialog"][data-state="open"]';

/** True while a dialog or side panel is open (Radix draws them straight into <body>). */
function useDialogOpen(): boolean {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const check = () => setOpen(document.querySelector(OPEN_DIALOG) !== null);
    check();
    const observer = new MutationObserver(check);
    observer.observe(document.body, {
      childList: true,
      subtree: true,
      attributes: true,
      attributeFilter: ['data-state'],
    });
    return () => observer.disconnect();
  }, []);
  return open;
}

/**
 * A toast never covers a dialog's title, buttons or close control (issue 14): while a dialog is
 * open the toasts sit at the top of the window and the dialog moves down below them (the
 * --toast-space the dialogs in dialog.tsx and sheet.tsx leave free).
 */
function useToastSpace(viewport: RefObject<HTMLOListElement | null>, active: boolean): void {
  useEffect(() => {
    const root = document.documentElement;
    const element = viewport.current;
    if (!active || !element) {
      root.style.setProperty('--toast-space', '0px');
      return;
    }
    const measure = () =>
      root.style.setProperty('--toast-space', `${Math.ceil(element.getBoundingClientRect().height)}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.setProperty('--toast-space', '0px');
    };
  }, [viewport, active]);
}

/** Shows the toasts raised with toast(). Mounted once, at the root of the app. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const dialogOpen = useDialogOpen();
  const viewport = useRef<HTMLOListElement>(null);
  const showing = toasts.some((t) => t.open !== false);
  useToastSpace(viewport, dialogOpen && showing);
  return (
    <ToastProvider>
      {toasts.map(({ id, title, description, variant, action, open }) => (
        <Toast
          key={id}
          variant={variant}
          open={open}
          onOpenChange={(isOpen) => {
            if (!isOpen) dismiss(id);
          }}
        >
          {/* A problem is told by an icon and the word 'Error' as well as by colour. */}
          {variant === 'destructive' && <CircleAlert aria-hidden="true" className="mt-0.5 size-6 shrink-0" />}
          <div className="min-w-0 flex-1">
            {title && (
              <ToastTitle>
                {variant === 'destructive' && <span className="sr-only">Error: </span>}
                {title}
              </ToastTitle>
            )}
            {description && <ToastDescription>{description}</ToastDescription>}
            {action}
          </div>
          <ToastClose />
        </Toast>
      ))}
      <ToastViewport ref={viewport} className={dialogOpen ? 'sm:top-0 sm:bottom-auto sm:max-w-lg' : undefined} />
    </ToastProvider>
  );
}
