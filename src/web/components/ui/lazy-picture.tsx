import { NoPhoto, usePictureFailure } from './no-photo';

/**
 * A decorative picture that may be below the fold (a card's, a list row's): sized, so nothing
 * moves when it arrives; fetched only as it nears the screen; decoded off the main thread.
 * The text beside it names what it shows, so it is hidden from screen readers (alt="").
 * `inView`: the page's first picture, on screen at once (browse's first card, often the
 * page's LCP on a phone): fetched at once and first instead.
 * Without a picture (`src` null), or when its file fails to load, the box says 'No photo'
 * (`missing`: other words for no picture at all, such as the browse card's 'No image').
 */
export function LazyPicture({
  inView = false,
  src,
  missing,
  icon = true,
  ...props
}: {
  src: string | null;
  width: number;
  height: number;
  className?: string;
  inView?: boolean;
  missing?: string;
  /** Whether 'No photo' has its icon above it (false in small boxes). */
  icon?: boolean;
}) {
  const { failed, onError } = usePictureFailure(src);
  if (src === null) return <NoPhoto label={missing} icon={icon} />;
  if (failed) return <NoPhoto icon={icon} />;
  return inView ? (
    <img alt="" fetchPriority="high" src={src} onError={onError} {...props} />
  ) : (
    <img alt="" loading="lazy" decoding="async" src={src} onError={onError} {...props} />
  );
}
