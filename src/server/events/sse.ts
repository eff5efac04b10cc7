import type { ServerResponse } from 'node:http';
import type { FastifyReply } from 'fastify';
import {
  EVENT_STREAMS_PER_ADDRESS,
  EVENT_STREAMS_PER_ADDRESS_MESSAGE,
  EVENT_STREAMS_PER_MEMBER,
  EVENT_STREAMS_PER_PROCESS,
  EVENT_STREAMS_PER_PROCESS_MESSAGE,
} from '../../domain/constants';
import { AppError } from '../../domain/errors';
import type { ClubEvent } from '../../domain/events';
import type { EventBus } from './event-bus';

// Server-sent event streams (docs/product/messages.md#live-updates). Each open page holds one; the hub
// relays the bus's events for its member, keeps proxies from closing an idle stream, and
// ends every stream when the app shuts down so SIGTERM never waits on an open page.

/** EventSource reconnects by itself after this long when a stream ends (a restart, a deploy). */
export const RETRY_MS = 3000;
/** Under the 30-60 s idle timeouts of common proxies and load balancers. */
export const HEARTBEAT_MS = 25_000;
/** A client that stops reading (a laptop lid closed mid-stream) is dropped, not buffered for. */
const MAX_BUFFERED_BYTES = 256 * 1024;

export function formatEvent(event: ClubEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

type Stream = { userId: number; address: string; res: ServerResponse; close: () => void };

/** Who opens a stream: the member, and the address they came from. */
export type StreamOwner = { userId: number; address: string };

/** How many streams one address and the whole process may hold (config.eventStreams). */
export type StreamCaps = { perAddress: number; perProcess: number };

export type SseHub = {
  /**
   * Takes the reply over and streams to it: `retry`, then `first()` (the member's current
   * unread count), then every bus event for the member. Events that arrive while `first()`
   * is being read wait, so a stale first value never lands after a newer event. Throws
   * RATE_LIMITED (429, before anything is sent) past the address's or the process's cap.
   */
  open(reply: FastifyReply, owner: StreamOwner, first: () => Promise<ClubEvent>): Promise<void>;
  /** Ends every open stream (app shutdown). */
  closeAll(): void;
  size(): number;
};

export function createSseHub(events: EventBus, options: { heartbeatMs?: number; caps?: StreamCaps } = {}): SseHub {
  const caps = options.caps ?? { perAddress: EVENT_STREAMS_PER_ADDRESS, perProcess: EVENT_STREAMS_PER_PROCESS };
  const streams = new Set<Stream>();
  let heartbeat: NodeJS.Timeout | undefined;

  // One timer for all streams: 500 open pages cost one timer, not 500.
  function startHeartbeat() {
    if (heartbeat) return;
    heartbeat = setInterval(() => {
      for (const s of streams) write(s, ': keep-alive\n\n');
    }, options.heartbeatMs ?? HEARTBEAT_MS);
    heartbeat.unref();
  }
  function stopHeartbeatIfIdle() {
    if (streams.size === 0 && heartbeat) {
      clearInterval(heartbeat);
      heartbeat = undefined;
    }
  }

  function write(stream: Stream, chunk: string) {
    if (stream.res.writableEnded || stream.res.destroyed) return;
    if (stream.res.writableLength > MAX_BUFFERED_BYTES) {
      stream.res.destroy();
      return;
    }
    stream.res.write(chunk);
  }

  return {
    async open(reply, { userId, address }, first) {
      // The oldest of a member's streams gives way to the newest (a tab left open elsewhere);
      // it is not counted against the caps it is about to free a place in.
      const mine = [...streams].filter((s) => s.userId === userId);
      const givingWay = mine.length >= EVENT_STREAMS_PER_MEMBER ? mine[0]! : null;
      const others = [...streams].filter((s) => s !== givingWay);
      if (others.filter((s) => s.address === address).length >= caps.perAddress) {
        throw new AppError('RATE_LIMITED', EVENT_STREAMS_PER_ADDRESS_MESSAGE);
      }
      if (others.length >= caps.perProcess) throw new AppError('RATE_LIMITED', EVENT_STREAMS_PER_PROCESS_MESSAGE);
      givingWay?.close();

      reply.hijack();
      const res = reply.raw;
      const inherited = Object.fromEntries(Object.entries(reply.getHeaders()).filter(([, v]) => v !== undefined));
      res.writeHead(200, {
        ...inherited,
        'Content-Type': 'text/event-stream; charset=utf-8',
        'Cache-Control': 'no-cache, no-transform',
        // nginx and similar proxies would otherwise buffer the stream and deliver it late.
        'X-Accel-Buffering': 'no',
        Connection: 'keep-alive',
      });
      res.write(`retry: ${RETRY_MS}\n\n`);

      let pending: ClubEvent[] | null = [];
      const stream: Stream = {
        userId,
        address,
        res,
        close: () => {
          if (!res.writableEnded) res.end();
        },
      };
      const unsubscribe = events.subscribe(userId, (event) => {
        if (pending) pending.push(event);
        else write(stream, formatEvent(event));
      });
      res.on('close', () => {
        unsubscribe();
        streams.delete(stream);
        stopHeartbeatIfIdle();
      });

      streams.add(stream);
      startHeartbeat();

      try {
        const firstEvent = await first();
        write(stream, formatEvent(firstEvent));
        for (const event of pending) write(stream, formatEvent(event));
        pending = null;
      } catch (err) {
        reply.log.warn({ err }, 'event stream could not start');
        stream.close();
      }
    },
    closeAll() {
      for (const s of streams) s.close();
    },
    size: () => streams.size,
  };
}
