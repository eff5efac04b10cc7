import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogFooter,
  DialogHeader,
  DialogTitle,
} from '../components/ui/dialog';

// Nothing a member types is lost (issue 22, docs/decisions/0024). A form with changes not yet
// saved says so here, with a way to save them; the page's one Save (Save Profile) saves every
// such part it shows, and <LeaveWarning /> asks before the member leaves the page with any
// left. Forms of different features meet here, so neither imports the other.

interface UnsavedPart {
  /** What the member would lose, in their words: 'Your member page (welcome message, about me)'. */
  label: string;
  /**
   * Saves the part when another part's Save is pressed, without a toast of its own (that Save
   * tells the member); true when it was saved (false: it says why beside its fields). Without
   * it the part is saved only by its own button.
   */
  save?: () => Promise<boolean>;
}

const parts = new Map<string, UnsavedPart>();
const listeners = new Set<() => void>();
let version = 0;

function changed() {
  version += 1;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}

/** Registers the form `id` as holding unsaved changes while `part` is not null. */
export function useUnsavedWords(id: string, part: UnsavedPart | null) {
  const latest = useRef(part);
  useEffect(() => {
    latest.current = part;
  });
  const label = part?.label ?? null;
  const canSave = part?.save !== undefined;
  useEffect(() => {
    if (label === null) return;
    parts.set(id, { label, ...(canSave ? { save: () => latest.current?.save?.() ?? Promise.resolve(true) } : {}) });
    changed();
    return () => {
      parts.delete(id);
      changed();
    };
  }, [id, label, canSave]);
}

/**
 * Saves every part with unsaved changes but `exceptId` (the one whose Save was pressed):
 * how many there were, and whether all were saved.
 */
export async function saveOtherUnsavedWords(exceptId: string): Promise<{ count: number; allSaved: boolean }> {
  const others = [...parts].filter(([id]) => id !== exceptId && parts.get(id)?.save).map(([, part]) => part.save!());
  const results = await Promise.all(others);
  return { count: results.length, allSaved: results.every(Boolean) };
}

function useUnsavedLabels(): string[] {
  useSyncExternalStore(subscribe, () => version);
  return [...parts.values()].map((part) => part.label);
}

/**
 * While a form on the page holds unsaved changes: reloading or closing the page brings the
 * browser's own 'Leave site?' question, and a link to another page of the club asks first,
 * naming what would be lost. (The browser's Back button is not stopped: the router runs
 * without a data router, see router.tsx, and cannot hold a history step back.)
 */
export function LeaveWarning() {
  const labels = useUnsavedLabels();
  const unsaved = labels.length > 0;
  const navigate = useNavigate();
  const [leavingTo, setLeavingTo] = useState<string | null>(null);

  useEffect(() => {
    if (!unsaved) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    // Capturing, on the document: before the router's links act on the click.
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0) return;
      if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const link = event.target instanceof Element ? event.target.closest('a[href]') : null;
      if (!(link instanceof HTMLAnchorElement) || link.hasAttribute('download')) return;
      if (link.target && link.target !== '_self') return;
      const url = new URL(link.href);
      // Another site: the page unloads, and the browser asks (above).
      if (url.origin !== window.location.origin) return;
      // A place on this page (#member-page-settings) loses nothing.
      if (url.pathname === window.location.pathname && url.search === window.location.search) return;
      event.preventDefault();
      event.stopPropagation();
      setLeavingTo(`${url.pathname}${url.search}${url.hash}`);
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    document.addEventListener('click', onClick, true);
    return () => {
      window.removeEventListener('beforeunload', onBeforeUnload);
      document.removeEventListener('click', onClick, true);
    };
  }, [unsaved]);

  return (
    <Dialog open={leavingTo !== null} onOpenChange={(open) => !open && setLeavingTo(null)}>
      <DialogContent>
        <DialogHeader>
          <DialogTitle>Leave without saving?</DialogTitle>
          <DialogDescription className="text-ink">
            You have changes on this page that are not saved yet:
          </DialogDescription>
        </DialogHeader>
        <ul className="list-disc pl-7">
          {labels.map((label) => (
            <li key={label}>{label}</li>
          ))}
        </ul>
        <p className="mt-3">To keep them, stay and press the Save button under them.</p>
        {/* Wrapping: both answers whole at every width and text size. */}
        <DialogFooter className="sm:flex-wrap">
          <Button size="large" onClick={() => setLeavingTo(null)}>
            Stay on this page
          </Button>
          <Button
            variant="secondary"
            size="large"
            onClick={() => {
              const to = leavingTo;
              setLeavingTo(null);
              if (to !== null) void navigate(to);
            }}
          >
            Leave without saving
          </Button>
        </DialogFooter>
      </DialogContent>
    </Dialog>
  );
}
