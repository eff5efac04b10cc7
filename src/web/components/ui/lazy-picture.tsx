/**
 * A decorative picture that may be below the fold (a card's, a list row's): sized, so nothing
 * moves when it arrives; fetched only as it nears the screen; decoded off the main thread.
 * The text beside it names what it shows, so it is hidden from screen readers (alt="").
 */
export function LazyPicture(props: { src: string; width: number; height: number; className?: string }) {
  return <img alt="" loading="lazy" decoding="async" {...props} />;
}
