import { useEffect, useState } from 'react';

// What a page can do without is fetched once its first draw is on the screen, so on a phone its
// download and start-up do not hold that draw up (docs/performance.md, 'Lighthouse 95').

/**
 * Calls `then` just after the browser next paints: a requestAnimationFrame callback runs just
 * before a paint, and a task it queues runs after it. Answers a function that cancels it.
 */
export function afterNextPaint(then: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(then, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    clearTimeout(timer);
  };
}

/** False on a component's first draw, true once that draw has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
