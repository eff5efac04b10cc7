import { useState } from 'react';
import { ImageOff } from 'lucide-react';
import { cn } from '../../lib/cn';

/**
 * What shows where a picture cannot: the words 'No photo' (issue 22), never the browser's
 * broken-image icon, which many members took for a fault of their own. It fills its box.
 * `icon`: the crossed-out picture above the words, where the box has room for both.
 */
export function NoPhoto({
  label = 'No photo',
  icon = true,
  className,
}: {
  label?: string;
  icon?: boolean;
  className?: string;
}) {
  return (
    <span
      className={cn(
        'flex size-full flex-col items-center justify-center gap-1 bg-brand-50 p-1 text-center leading-tight text-ink-muted',
        className,
      )}
    >
      {icon && <ImageOff aria-hidden="true" className="size-8 shrink-0" />}
      <span>{label}</span>
    </span>
  );
}

/**
 * Whether the picture at `src` failed to load (its file is missing, or the network dropped
 * it): pass `onError` to the <img>, and show NoPhoto instead while `failed`. A new `src`
 * starts afresh.
 */
export function usePictureFailure(src: string | null) {
  const [failedSrc, setFailedSrc] = useState<string | null>(null);
  return { failed: src !== null && failedSrc === src, onError: () => setFailedSrc(src) };
}
