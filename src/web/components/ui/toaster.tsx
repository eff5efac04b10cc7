import { useCallback, useEffect, useLayoutEffect, useRef, useState, type CSSProperties, type RefObject } from 'react';
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

/** The element last pressed or focused: the control the member is using. */
function useLastUsedControl(): RefObject<Element | null> {
  const last = useRef<Element | null>(null);
  useEffect(() => {
    const note = (event: Event) => {
      if (event.target instanceof Element) last.current = event.target;
    };
    document.addEventListener('pointerdown', note, true);
    document.addEventListener('focusin', note, true);
    return () => {
      document.removeEventListener('pointerdown', note, true);
      document.removeEventListener('focusin', note, true);
    };
  }, []);
  return last;
}

type Place = { edge: 'top' | 'bottom'; top: number };

/**
 * Where a toast goes when no dialog is open (issue 22): at the edge of the window away from
 * the control the member is using (the one she pressed, or the field she typed in), which is
 * where her next step usually is: the reply box after sending a message, the Save button
 * after saving, the puzzle's request line after asking for it. At the top it sits below
 * the top bar, never over its links. Decided when a toast appears, and again when a dialog
 * closes (focus goes back to the control that opened it).
 */
function useToastPlace(newestToast: string | undefined, dialogOpen: boolean): Place {
  const lastUsed = useLastUsedControl();
  const [place, setPlace] = useState<Place>({ edge: 'bottom', top: 0 });
  const decide = useCallback(() => {
    const active = document.activeElement;
    const control = active && active !== document.body ? active : lastUsed.current;
    const box = control?.isConnected ? control.getBoundingClientRect() : null;
    const header = document.querySelector('header')?.getBoundingClientRect();
    const top = Math.max(0, Math.ceil(header?.bottom ?? 0));
    // With nothing to go by, the top (below the bar) keeps clear of a form's buttons.
    const inLowerHalf = box === null || box.top + box.height / 2 > window.innerHeight / 2;
    setPlace({ edge: inLowerHalf ? 'top' : 'bottom', top });
  }, [lastUsed]);
  // Before the toast is painted, so it never shows in one place and jumps to another.
  useLayoutEffect(() => {
    if (newestToast && !dialogOpen) decide();
  }, [newestToast, dialogOpen, decide]);
  // A dialog that closes hands focus back to its control in the next frame: decide again then.
  useEffect(() => {
    if (dialogOpen) return;
    const frame = requestAnimationFrame(decide);
    return () => cancelAnimationFrame(frame);
  }, [dialogOpen, decide]);
  return place;
}

/** Shows the toasts raised with toast(). Mounted once, at the root of the app. */
export function Toaster() {
  const { toasts, dismiss } = useToast();
  const dialogOpen = useDialogOpen();
  const viewport = useRef<HTMLOListElement>(null);
  const showing = toasts.some((t) => t.open !== false);
  useToastSpace(viewport, dialogOpen && showing);
  const place = useToastPlace(toasts[0]?.id, dialogOpen);
  // A dialog's toasts are at the very top (the dialog moves down below them, useToastSpace).
  const position: CSSProperties = dialogOpen
    ? { top: 0, bottom: 'auto' }
    : place.edge === 'top'
      ? { top: place.top, bottom: 'auto' }
      : { top: 'auto', bottom: 0 };
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
      <ToastViewport
        ref={viewport}
        data-edge={dialogOpen ? 'top' : place.edge}
        style={position}
        className={dialogOpen ? 'sm:max-w-lg' : undefined}
      />
    </ToastProvider>
  );
}
