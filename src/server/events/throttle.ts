// A change to a forum post is told to every open page of the club, and each page then
// refetches the post. A burst of changes to one post (a like toggled 20 times: with 2,000
// pages open, 40,000 messages and refetches, issue 23) needs only two: one at once, and one
// when the burst is over, since a page refetches the latest state whatever the message says.

/** A burst's changes within this long after its first message make one more message. */
export const BURST_WINDOW_MS = 1000;

export type Throttle = {
  /**
   * Sends at once unless `key` sent within the window; then only the last of what comes in
   * the window is sent, at its end (and that opens the next window).
   */
  run(key: string, send: () => Promise<void>): Promise<void>;
  /** Drops what waits (the app is closing: its pages are going too). */
  close(): void;
};

export function createThrottle(windowMs = BURST_WINDOW_MS): Throttle {
  const windows = new Map<string, { timer: NodeJS.Timeout; last: (() => Promise<void>) | null }>();
  function open(key: string) {
    const timer = setTimeout(() => {
      const last = windows.get(key)?.last;
      windows.delete(key);
      if (!last) return;
      open(key);
      void last();
    }, windowMs);
    timer.unref();
    windows.set(key, { timer, last: null });
  }
  return {
    async run(key, send) {
      const window = windows.get(key);
      if (window) {
        window.last = send;
        return;
      }
      open(key);
      await send();
    },
    close() {
      for (const { timer } of windows.values()) clearTimeout(timer);
      windows.clear();
    },
  };
}
