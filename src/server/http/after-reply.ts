import type { FastifyBaseLogger } from 'fastify';
import { describeError } from './logging';

// Work a request starts but its answer must not wait for. The answer to "send me a reset
// link" must take the same time whether or not the address has an account, so everything
// that depends on the address (the member lookup, the token, the mail) runs here, after the
// answer has been written. A few tasks run at a time, so a burst of requests cannot open
// every database connection at once; closing the app waits for what is queued.
//
// One queue per app, keyed by the app's context object (as trades' outboxes are), so routes
// queue work and the app's close (and a test) can wait for it.

const CONCURRENCY = 4;
/** Beyond this a task is dropped (and logged): memory stays bounded under a flood. */
const MAX_QUEUED = 1000;

type Task = { name: string; work: () => Promise<void>; log: FastifyBaseLogger };

type Queue = { waiting: Task[]; running: number; idle: Array<() => void> };

const queues = new WeakMap<object, Queue>();

function queueOf(app: object): Queue {
  let queue = queues.get(app);
  if (!queue) queues.set(app, (queue = { waiting: [], running: 0, idle: [] }));
  return queue;
}

function startNext(queue: Queue): void {
  while (queue.running < CONCURRENCY && queue.waiting.length > 0) {
    const task = queue.waiting.shift()!;
    queue.running += 1;
    task
      .work()
      .catch((err: unknown) =>
        // Described here, not by the logger's serializer: a task's logger may be any logger.
        task.log.error({ task: task.name, error: describeError(err) }, 'work after the answer failed'),
      )
      .finally(() => {
        queue.running -= 1;
        startNext(queue);
      });
  }
  if (queue.running === 0 && queue.waiting.length === 0) for (const resolve of queue.idle.splice(0)) resolve();
}

/**
 * Queues `work` to start after the current request's answer has gone out: it starts from
 * setImmediate, after the promise callbacks in which Fastify serializes and writes the
 * handler's answer. Never throws; a failure is logged by kind. False when it was dropped.
 */
export function runAfterReply(app: object, log: FastifyBaseLogger, name: string, work: () => Promise<void>): boolean {
  const queue = queueOf(app);
  if (queue.waiting.length >= MAX_QUEUED) {
    log.warn({ task: name }, 'work after the answer dropped: the queue is full');
    return false;
  }
  queue.waiting.push({ name, work, log });
  setImmediate(() => startNext(queue));
  return true;
}

/** Resolves once nothing is queued or running for the app (its close, tests). */
export function afterReplyIdle(app: object): Promise<void> {
  const queue = queues.get(app);
  if (!queue || (queue.running === 0 && queue.waiting.length === 0)) return Promise.resolve();
  return new Promise((resolve) => queue.idle.push(resolve));
}
