import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

// The API calls an app is answering at this moment, so that work nobody is waiting for (the
// Wanted matcher) can give way to them: a member who publishes, browses or reads must not wait
// behind matching that could as well run a moment later (docs/decisions/0030-wanted.md, "The
// matcher gives way"). Live-update streams are not calls in this sense: they stay open for
// hours. Counted per app, keyed by the app's context object (as after-reply.ts's queue is).

type Count = { inFlight: number; quiet: Array<() => void> };
const counts = new WeakMap<object, Count>();

function countOf(key: object): Count {
  let count = counts.get(key);
  if (!count) counts.set(key, (count = { inFlight: 0, quiet: [] }));
  return count;
}

const counted = new WeakSet<FastifyRequest>();

function countOut(count: Count, request: FastifyRequest): void {
  if (!counted.delete(request)) return;
  count.inFlight -= 1;
  if (count.inFlight === 0) for (const resolve of count.quiet.splice(0)) resolve();
}

/** Counts the scope's calls (register it on the API scope), but not the live-update stream. */
export function countCallsInFlight(scope: FastifyInstance, key: object, streamUrl: string): void {
  const count = countOf(key);
  scope.addHook('onRequest', (request: FastifyRequest, reply: FastifyReply, done: () => void) => {
    if (request.routeOptions.url !== streamUrl) {
      counted.add(request);
      count.inFlight += 1;
      // The response's close comes once the answer is sent or the connection is gone. It is
      // the one signal for a caller who leaves while a POST is being answered: its request
      // stream closed when its body was read, so Fastify's onRequestAbort never sees the
      // leaving, and onResponse never comes. Without it such a call stayed counted for good,
      // and the matcher waited its full second before every listing from then on.
      reply.raw.once('close', () => countOut(count, request));
    }
    done();
  });
  // Whichever comes first of the three: the answer sent, the caller gone, the response closed.
  scope.addHook('onResponse', (request: FastifyRequest, _reply: FastifyReply, done: () => void) => {
    countOut(count, request);
    done();
  });
  scope.addHook('onRequestAbort', (request: FastifyRequest, done: () => void) => {
    countOut(count, request);
    done();
  });
}

/**
 * Resolves once no call is being answered, or after `atMostMs` whatever happens, so work that
 * gives way still moves on when the app is never idle.
 */
export function quietMoment(key: object, atMostMs: number): Promise<void> {
  const count = countOf(key);
  if (count.inFlight <= 0) return Promise.resolve();
  return new Promise<void>((resolve) => {
    const timer = setTimeout(done, atMostMs);
    function done() {
      clearTimeout(timer);
      const at = count.quiet.indexOf(done);
      if (at >= 0) count.quiet.splice(at, 1);
      resolve();
    }
    count.quiet.push(done);
  });
}

/** What the count holds now: the calls being answered and the work waiting for quiet (tests). */
export function callsInFlight(key: object): { inFlight: number; waiting: number } {
  const count = countOf(key);
  return { inFlight: count.inFlight, waiting: count.quiet.length };
}
