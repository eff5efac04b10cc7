import { useEffect, useId, useRef, useState, type ReactNode, type RefObject } from 'react';
import { cn } from '../../../lib/cn';

/**
 * Whether the box is narrower than its table. Measured, not guessed from the screen's width:
 * the users table is wider than a 1280 px desktop too, and at 200% zoom every table is.
 */
function useOverflows(box: RefObject<HTMLDivElement | null>): boolean {
  const [overflows, setOverflows] = useState(false);
  useEffect(() => {
    const element = box.current;
    if (!element) return;
    const measure = () => setOverflows(element.scrollWidth > element.clientWidth);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    // The table grows as its rows arrive (a search, the next page).
    if (element.firstElementChild) observer.observe(element.firstElementChild);
    return () => observer.disconnect();
  }, [box]);
  return overflows;
}

/**
 * A wide table on a narrow screen scrolls inside its own box, never the page: the box is a
 * labelled region that takes the keyboard focus (so arrow keys scroll it), and whenever the
 * table is wider than the box a line above it says it scrolls. The box is `relative` so that
 * screen-reader-only text in the cells (absolutely placed) is held inside it too, not out past
 * the page's edge.
 */
export function TableScroll({
  caption,
  children,
  className,
}: {
  /** The table's caption, shown above it; names the scrolling region too. */
  caption: string;
  /** The table's head and body (the caption is added here). */
  children: ReactNode;
  className?: string;
}) {
  const id = useId();
  const box = useRef<HTMLDivElement>(null);
  const overflows = useOverflows(box);
  return (
    <div className={cn('flex flex-col gap-2', className)}>
      {overflows && <p className="text-ink-muted">Scroll sideways to see every column.</p>}
      <div
        ref={box}
        role="region"
        aria-labelledby={id}
        tabIndex={0}
        className="relative overflow-x-auto rounded-lg border border-line bg-white"
      >
        <table className="w-full border-collapse text-left">
          <caption id={id} className="sr-only">
            {caption}
          </caption>
          {children}
        </table>
      </div>
    </div>
  );
}

export const cellClasses = 'border-b border-line px-3 py-2 align-top';
const headBase = 'border-b-2 border-line-strong bg-brand-50 px-3 py-2 font-semibold';
export const headClasses = `${headBase} whitespace-nowrap`;
/** A heading that may wrap onto two lines (the users table, so it fits a 1280 px screen). */
export const wrappingHeadClasses = headBase;

/** A table head of plain column names. */
export function ColumnHeads({ names }: { names: string[] }) {
  return (
    <thead>
      <tr>
        {names.map((name) => (
          <th key={name} scope="col" className={headClasses}>
            {name}
          </th>
        ))}
      </tr>
    </thead>
  );
}
