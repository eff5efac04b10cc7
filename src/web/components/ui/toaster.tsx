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

/** Where on the page (not the window) a control is: it stays right when the page scrolls. */
type PagePlace = { top: number; height: number };
const pagePlaceOf = (element: Element): PagePlace => {
  const box = element.getBoundingClientRect();
  return { top: box.top + window.scrollY, height: box.height };
};

/**
 * The control the member last pressed or focused outside a dialog, and where it was then:
 * a dialog's own buttons say nothing of where she works on the page, and the control may be
 * gone by the time a toast shows (Request Puzzle gives way to 'See your trade' in its place).
 */
function useLastUsedControl(): RefObject<{ element: Element; place: PagePlace } | null> {
  const last = useRef<{ element: Element; place: PagePlace } | null>(null);
  useEffect(() => {
    const note = (event: Event) => {
      const target = event.target;
      if (!(target instanceof Element) || target.closest(OPEN_DIALOG)) return;
      last.current = { element: target, place: pagePlaceOf(target) };
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
/** How far around the control in use its next step usually is. */
const NEAR_ABOVE_PX = 24;
const NEAR_BELOW_PX = 96;

/**
 * Where a toast goes when no dialog is open (issue 22): at the bottom of the window, unless
 * there it would cover the control the member is using (the one she pressed, or the field she
 * typed in) or the space just below it, where her next step usually is (Send under the reply
 * box, 'See your trade' under the request line); then at the top, if that covers less. At
 * the top it sits below the top bar, never over its links. Decided when a toast appears, and
 * again when a dialog closes (focus goes back to the page).
 */
function useToastPlace(
  viewport: RefObject<HTMLOListElement | null>,
  newestToast: string | undefined,
  dialogOpen: boolean,
): Place {
  const lastUsed = useLastUsedControl();
  const [place, setPlace] = useState<Place>({ edge: 'bottom', top: 0 });
  const decide = useCallback(() => {
    const active = document.activeElement;
    const last = lastUsed.current;
    const where =
      active && active !== document.body && !active.closest(OPEN_DIALOG)
        ? pagePlaceOf(active)
        : last === null
          ? null
          : last.element.isConnected
            ? pagePlaceOf(last.element)
            : last.place;
    const header = document.querySelector('header')?.getBoundingClientRect();
    const top = Math.max(0, Math.ceil(header?.bottom ?? 0));
    // With nothing to go by, the top (below the bar) keeps clear of a form's buttons.
    if (where === null) return setPlace({ edge: 'top', top });
    // The control and what usually follows it just below (Send under the reply box, 'See your
    // trade' under the request line). The bottom, the toasts' usual place, unless it covers
    // them; then the edge that covers less of them.
    const from = where.top - window.scrollY - NEAR_ABOVE_PX;
    const to = where.top - window.scrollY + where.height + NEAR_BELOW_PX;
    const height = viewport.current?.getBoundingClientRect().height || window.innerHeight / 4;
    const covered = (start: number) => Math.max(0, Math.min(to, start + height) - Math.max(from, start));
    const [atTop, atBottom] = [covered(top), covered(window.innerHeight - height)];
    setPlace({ edge: atBottom > 0 && atTop < atBottom ? 'top' : 'bottom', top });
  }, [lastUsed, viewport]);
  // Before the toast is painted, so it never shows in one place and jumps to another.
  useLayoutEffect(() => {
    if (newestToast && !dialogOpen) decide();
  }, [newestToast, dialogOpen, decide]);
  // A dialog that closes hands focus back to the page in the next frame: decide again then.
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
  const place = useToastPlace(viewport, toasts[0]?.id, dialogOpen);
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
