import { useEffect, useSyncExternalStore } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEXT_SIZES, type TextSize } from '../../domain/enums';
import { TEXT_SIZE_OPTIONS } from '../../domain/constants';
import type { MemberSelf } from '../../domain/members';
import { toast } from '../components/ui/use-toast';
import { api, errorMessage } from './api-client';
import { useCurrentUser } from './current-user';
import { queryKeys } from './query-keys';

// The text size is the page's root font size. Every size on the site is in rem (styles.css),
// so the whole site grows at once. A member's size is saved on their account (docs/product/members.md#text-size)
// and follows them to every device; a visitor's is kept in this browser (localStorage), and
// every choice made here, a member's too, is remembered by the browser for when nobody is
// signed in (decision 0022).

const STORAGE_KEY = 'jigsaw-club:text-size';
const isTextSize = (value: unknown): value is TextSize => TEXT_SIZES.includes(value as TextSize);

/** The size last chosen in this browser, or null (storage empty, switched off or unreadable). */
export function storedTextSize(): TextSize | null {
  try {
    const value = localStorage.getItem(STORAGE_KEY);
    return isTextSize(value) ? value : null;
  } catch {
    return null;
  }
}

const listeners = new Set<() => void>();

function storeTextSize(size: TextSize): void {
  try {
    localStorage.setItem(STORAGE_KEY, size);
  } catch {
    // Storage switched off: the size holds for this page only.
  }
  for (const listener of listeners) listener();
}

/** Follows this browser's stored size, including a change made in another tab. */
function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => event.key === STORAGE_KEY && listener();
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

const useStoredTextSize = () => useSyncExternalStore(subscribe, storedTextSize, () => null);

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

/**
 * Keeps the page at the text size that applies: the signed-in member's (`memberSize`), or,
 * signed out (null), the one chosen in this browser.
 */
export function useTextSize(memberSize: TextSize | null): void {
  const stored = useStoredTextSize();
  const size = memberSize ?? stored;
  useEffect(() => applyTextSize(size), [size]);
}

/**
 * The size in force and the way to change it, for every text size control (the top bar's,
 * the menu's, the profile's). A member's choice shows at once and is saved on the account
 * (`PATCH /api/members/me/profile {textSize}`); a failed save puts the saved size back.
 */
export function useChooseTextSize() {
  const user = useCurrentUser();
  const stored = useStoredTextSize();
  const queryClient = useQueryClient();
  const setMemberSize = (textSize: TextSize) =>
    queryClient.setQueryData<MemberSelf | null>(queryKeys.currentUser, (u) => (u ? { ...u, textSize } : u));
  const save = useMutation({
    mutationFn: (textSize: TextSize) => api.call('PATCH /api/members/me/profile', { body: { textSize } }),
    onSuccess: (settings) => {
      // The profile's copy of the settings is the answer itself.
      queryClient.setQueryData(queryKeys.memberSettings, settings);
      toast({
        title: 'Text size saved',
        description: `${TEXT_SIZE_OPTIONS[settings.textSize].label} text, on every device.`,
      });
    },
  });

  const size: TextSize = user ? user.textSize : (stored ?? 'standard');
  const choose = (next: TextSize) => {
    if (next === size) return;
    storeTextSize(next);
    if (!user) {
      toast({ title: 'Text size saved', description: `${TEXT_SIZE_OPTIONS[next].label} text, in this browser.` });
      return;
    }
    const before = user.textSize;
    setMemberSize(next);
    save.mutate(next, {
      onError: (error) => {
        setMemberSize(before);
        toast({
          title: 'Update failed',
          description: errorMessage(error, 'Failed to save the text size'),
          variant: 'destructive',
        });
      },
    });
  };
  return { size, choose };
}
