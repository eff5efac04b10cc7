// A small server-sent events reader for tests and the bench: fetch with the member's cookie,
// parse `event:`/`data:` blocks as EventSource does, and wait for the next event of a type.

export type SseEvent = { type: string; data: unknown };

export type SseClient = {
  status: number;
  headers: Headers;
  /** Every event received so far, in order. */
  events: SseEvent[];
  /** The `retry:` value the server asked for, once received. */
  retry(): number | undefined;
  /** Resolves with the next not-yet-taken event of this type (within timeoutMs). */
  next(type: string, timeoutMs?: number): Promise<SseEvent>;
  /** Resolves when the server ends the stream. */
  ended: Promise<void>;
  close(): void;
};

export async function openSse(url: string, cookie: string, headers: Record<string, string> = {}): Promise<SseClient> {
  const abort = new AbortController();
  const res = await fetch(url, { headers: { ...headers, cookie, accept: 'text/event-stream' }, signal: abort.signal });
  const events: SseEvent[] = [];
  const taken = new Set<SseEvent>();
  const waiters: Array<{ type: string; resolve: (e: SseEvent) => void }> = [];
  let retry: number | undefined;

  function dispatch(block: string) {
    let type = 'message';
    const data: string[] = [];
    for (const line of block.split('\n')) {
      if (line.startsWith(':')) continue;
      const [field, ...rest] = line.split(':');
      const value = rest.join(':').replace(/^ /, '');
      if (field === 'event') type = value;
      else if (field === 'data') data.push(value);
      else if (field === 'retry') retry = Number(value);
    }
    if (data.length === 0) return;
    const event = { type, data: JSON.parse(data.join('\n')) as unknown };
    events.push(event);
    const i = waiters.findIndex((w) => w.type === type);
    if (i >= 0) {
      taken.add(event);
      waiters.splice(i, 1)[0]!.resolve(event);
    }
  }

  const ended = (async () => {
    if (!res.body) return;
    const reader = res.body.getReader();
    const decoder = new TextDecoder();
    let buffer = '';
    try {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return;
        buffer += decoder.decode(value, { stream: true });
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          dispatch(buffer.slice(0, cut));
          buffer = buffer.slice(cut + 2);
        }
      }
    } catch {
      // aborted by close()
    }
  })();

  return {
    status: res.status,
    headers: res.headers,
    events,
    retry: () => retry,
    next(type, timeoutMs = 2000) {
      const waiting = events.find((e) => e.type === type && !taken.has(e));
      if (waiting) {
        taken.add(waiting);
        return Promise.resolve(waiting);
      }
      return new Promise((resolve, reject) => {
        const waiter = {
          type,
          resolve: (e: SseEvent) => {
            clearTimeout(timer);
            resolve(e);
          },
        };
        const timer = setTimeout(() => {
          waiters.splice(waiters.indexOf(waiter), 1);
          reject(new Error(`no '${type}' event within ${timeoutMs} ms; got ${JSON.stringify(events)}`));
        }, timeoutMs);
        waiters.push(waiter);
      });
    },
    ended,
    close: () => abort.abort(),
  };
}
