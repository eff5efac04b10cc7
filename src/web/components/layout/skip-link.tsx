/** The first thing a keyboard user reaches: jumps past the top bar to the page itself. */
export function SkipLink({ targetId = 'main-content' }: { targetId?: string }) {
  return (
    <a
      href={`#${targetId}`}
      className="sr-only rounded-md bg-white px-4 py-3 font-semibold text-brand-700 underline shadow-lg focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-[60]"
    >
      Skip to main content
    </a>
  );
}
