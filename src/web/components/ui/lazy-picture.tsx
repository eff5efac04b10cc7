/**
 * A decorative picture that may be below the fold (a card's, a list row's): sized, so nothing
 * moves when it arrives; fetched only as it nears the screen; decoded off the main thread.
 * The text beside it names what it shows, so it is hidden from screen readers (alt="").
 * `inView`: the page's first picture, on screen at once (browse's first card, often the
 * page's LCP on a phone): fetched at once and first instead.
 */
export function LazyPicture({
  inView = false,
  ...props
}: {
  src: string;
  width: number;
  height: number;
  className?: string;
  inView?: boolean;
}) {
  return inView ? (
    <img alt="" fetchPriority="high" {...props} />
  ) : (
    <img alt="" loading="lazy" decoding="async" {...props} />
  );
}
