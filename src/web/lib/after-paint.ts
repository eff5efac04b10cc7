import { useEffect, useState } from 'react';

// What a page can do without is fetched once its first draw is on the screen, so on a phone its
// download and start-up do not hold that draw up (docs/performance.md, 'Lighthouse 95').

/**
 * Calls `then` once the next frame is on the screen: a requestAnimationFrame callback runs
 * just before a frame is painted, so one queued from the next frame's runs after the first
 * has been painted and shown (measured: a task queued after a single frame still ran before
 * Chromium had shown that frame on a busy phone). Answers a function that cancels it.
 */
export function afterNextPaint(then: () => void): () => void {
  let frame = requestAnimationFrame(() => {
    frame = requestAnimationFrame(then);
  });
  return () => cancelAnimationFrame(frame);
}

/** False on a component's first draw, true once that draw has been painted. */
export function usePainted(): boolean {
  const [painted, setPainted] = useState(false);
  useEffect(() => afterNextPaint(() => setPainted(true)), []);
  return painted;
}
