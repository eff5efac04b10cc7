import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import { afterReplyIdle, runAfterReply } from '../../src/server/http/after-reply';

function recordingLogger() {
  const lines: Array<{ level: string; obj: Record<string, unknown>; msg: string }> = [];
  const at =
    (level: string) =>
    (obj: Record<string, unknown>, msg = '') =>
      lines.push({ level, obj, msg });
  return { lines, log: { error: at('error'), warn: at('warn'), info: at('info') } as unknown as FastifyBaseLogger };
}

describe('work after the answer', () => {
  it('starts only after the current turn, runs at most 4 tasks at once, and reports when all are done', async () => {
    const app = {};
    const { log } = recordingLogger();
    let running = 0;
    let most = 0;
    let done = 0;
    const releases: Array<() => void> = [];
    for (let i = 0; i < 10; i++) {
      runAfterReply(app, log, 'task', async () => {
        running += 1;
        most = Math.max(most, running);
        await new Promise<void>((resolve) => releases.push(resolve));
        running -= 1;
        done += 1;
      });
    }
    expect(running).toBe(0);
    const idle = afterReplyIdle(app);
    // Release tasks as they start, until all ten have run.
    while (done < 10) {
      await new Promise((resolve) => setImmediate(resolve));
      releases.splice(0).forEach((release) => release());
    }
    await idle;
    expect(most).toBe(4);
  });

  it('logs a failure by its kind and place only, never its message', async () => {
    const app = {};
    const { log, lines } = recordingLogger();
    class DatabaseError extends Error {
      code = '23505';
    }
    runAfterReply(app, log, 'reset e-mail', async () => {
      throw new DatabaseError('duplicate key: (email)=(ann@example.org)');
    });
    await afterReplyIdle(app);
    expect(lines).toEqual([
      {
        level: 'error',
        obj: { task: 'reset e-mail', error: { type: 'DatabaseError', code: '23505', stack: expect.any(Array) } },
        msg: 'work after the answer failed',
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('ann@example.org');
  });

  it('drops work beyond 1,000 waiting tasks, with a warning', async () => {
    const app = {};
    const { log, lines } = recordingLogger();
    let ran = 0;
    for (let i = 0; i < 1001; i++) runAfterReply(app, log, 'flood', async () => void (ran += 1));
    expect(lines).toEqual([
      { level: 'warn', obj: { task: 'flood' }, msg: 'work after the answer dropped: the queue is full' },
    ]);
    await afterReplyIdle(app);
    expect(ran).toBe(1000);
  });
});
