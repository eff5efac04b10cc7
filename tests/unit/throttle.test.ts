import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { createThrottle } from '../../src/server/events/throttle';

// The forum's live messages (issue 23): a burst of changes to one post is told once at once
// and once when the window ends, whatever its size; other posts are told at once.

describe('createThrottle', () => {
  beforeEach(() => vi.useFakeTimers());
  afterEach(() => vi.useRealTimers());

  it('sends the first at once, the last of a window at its end, and nothing for a quiet window', async () => {
    const throttle = createThrottle(1000);
    const sent: string[] = [];
    const send = (what: string) => () => Promise.resolve(void sent.push(what));
    for (let i = 0; i < 20; i++) await throttle.run('post:1', send(`toggle ${i}`));
    await throttle.run('post:2', send('other post'));
    expect(sent).toEqual(['toggle 0', 'other post']);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent).toEqual(['toggle 0', 'other post', 'toggle 19']);
    // The trailing send opened a window of its own: a change in it waits for its end.
    await throttle.run('post:1', send('late'));
    expect(sent).toHaveLength(3);
    await vi.advanceTimersByTimeAsync(1000);
    expect(sent.at(-1)).toBe('late');
    // Quiet since: the next change goes at once again.
    await vi.advanceTimersByTimeAsync(2000);
    await throttle.run('post:1', send('next day'));
    expect(sent.at(-1)).toBe('next day');
    throttle.close();
  });

  it('close() drops what waits', async () => {
    const throttle = createThrottle(1000);
    const sent: number[] = [];
    await throttle.run('post:1', async () => void sent.push(1));
    await throttle.run('post:1', async () => void sent.push(2));
    throttle.close();
    await vi.advanceTimersByTimeAsync(5000);
    expect(sent).toEqual([1]);
  });
});
