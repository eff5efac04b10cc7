import { useEffect } from 'react';
import type { TextSize } from '../../domain/enums';
import { TEXT_SIZE_OPTIONS } from '../../domain/constants';

// The member's own text size (docs/product/members.md#text-size) is the page's root font size. Every size on the
// site is in rem (styles.css), so the whole site grows at once. Signed out there is no
// setting, and the root keeps the browser's own size (its default, or the visitor's choice).

/** Sets the root font size for `size`; null or 'standard' leaves the browser's own. */
export function applyTextSize(size: TextSize | null): void {
  const root = document.documentElement;
  if (size === null || size === 'standard') {
    root.style.removeProperty('font-size');
    delete root.dataset.textSize;
    return;
  }
  // A percentage of the browser's own size, so a visitor's larger default grows further.
  root.style.fontSize = `${TEXT_SIZE_OPTIONS[size].scale * 100}%`;
  root.dataset.textSize = size;
}

/** Keeps the page at the signed-in member's text size (null when signed out). */
export function useTextSize(size: TextSize | null): void {
  useEffect(() => applyTextSize(size), [size]);
}
