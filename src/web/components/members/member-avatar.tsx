import { cn } from '../../lib/cn';
import { NoPhoto, usePictureFailure } from '../ui/no-photo';

/** 'MH' for 'Margaret H.', 'M' for 'Margaret'. */
export function initialsOf(name: string): string {
  const letters = name
    .split(/\s+/)
    .map((part) => [...part][0] ?? '')
    .filter((letter) => /\p{L}/u.test(letter));
  return letters.slice(0, 2).join('').toUpperCase() || '?';
}

const SIZES = {
  medium: 'size-16 text-xl',
  large: 'size-24 text-3xl',
  huge: 'size-32 text-4xl',
} as const;
/** The same sizes in CSS pixels, for the picture's width and height (nothing moves as it loads). */
const SIDE_PX = { medium: 64, large: 96, huge: 128 } as const;

export interface MemberAvatarProps {
  name: string;
  /** The stored square picture (its thumbnail for small sizes), or null for initials. */
  url: string | null;
  size?: keyof typeof SIZES;
  className?: string;
}

/**
 * A member's picture in a circle, or their initials on the brand colour when they have none.
 * Decorative: the member's name is always written beside it, so it is hidden from screen readers.
 */
export function MemberAvatar({ name, url, size = 'large', className }: MemberAvatarProps) {
  const box = cn('shrink-0 rounded-full', SIZES[size], className);
  const picture = usePictureFailure(url);
  // A picture whose file is missing says so in words, not as a broken image (issue 22).
  if (picture.failed) {
    return (
      <span className={cn(box, 'flex items-center justify-center overflow-hidden border border-line')}>
        <NoPhoto icon={false} className="text-base font-semibold" />
      </span>
    );
  }
  if (url) {
    return (
      <img
        onError={picture.onError}
        src={url}
        alt=""
        width={SIDE_PX[size]}
        height={SIDE_PX[size]}
        decoding="async"
        className={cn(box, 'border border-line object-cover')}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      className={cn(box, 'flex items-center justify-center bg-brand-800 font-bold text-white select-none')}
    >
      {initialsOf(name)}
    </span>
  );
}
