import pg from 'pg';
import type { FastifyBaseLogger } from 'fastify';
import type { ClubEvent } from '../../domain/events';
import { createAnnouncements, createLocalDelivery, type EventBus } from './event-bus';

// Live updates across app processes on one PostgreSQL database (docs/product/messages.md#live-updates): publish is a
// NOTIFY on one channel; every process (the publisher too) LISTENs on a dedicated connection
// and hands each event to its own subscribers. No broker to run: the database is enough.
// NOTIFY is transactional and per database, so events are only sent for committed work
// (publishers call us after commit) and two clubs on one server never hear each other.

export const EVENTS_CHANNEL = 'jc_events';
/** Processes' announcements to each other (EventBus.announce): the payload is the topic. */
export const ANNOUNCE_CHANNEL = 'jc_announce';
/** PostgreSQL refuses NOTIFY payloads of 8000 bytes or more; stay clear of it. */
export const MAX_PAYLOAD_BYTES = 7500;

type Payload = { userIds: number[]; event: ClubEvent };

/**
 * The payloads for one publish: the user ids are split over several notifications when an
 * event goes to so many members that one payload would be too long.
 */
export function payloadsFor(userIds: number[], event: ClubEvent): string[] {
  const ids = [...new Set(userIds)];
  const whole = JSON.stringify({ userIds: ids, event } satisfies Payload);
  if (Buffer.byteLength(whole) < MAX_PAYLOAD_BYTES) return ids.length === 0 ? [] : [whole];
  const fixed = Buffer.byteLength(JSON.stringify({ userIds: [], event }));
  if (fixed + 12 >= MAX_PAYLOAD_BYTES) throw new Error(`event too large for NOTIFY: ${event.type}`);
  const payloads: string[] = [];
  let chunk: number[] = [];
  let size = fixed;
  for (const id of ids) {
    const add = String(id).length + 1;
    if (size + add >= MAX_PAYLOAD_BYTES) {
      payloads.push(JSON.stringify({ userIds: chunk, event }));
      chunk = [];
      size = fixed;
    }
    chunk.push(id);
    size += add;
  }
  if (chunk.length > 0) payloads.push(JSON.stringify({ userIds: chunk, event }));
  return payloads;
}

function parsePayload(text: string | undefined): Payload | null {
  if (!text) return null;
  try {
    const parsed = JSON.parse(text) as Payload;
    if (!Array.isArray(parsed.userIds) || typeof parsed.event?.type !== 'string') return null;
    return parsed;
  } catch {
    return null;
  }
}

export type PostgresEventBusOptions = {
  log?: FastifyBaseLogger;
  /**
   * Where the LISTEN connection goes (DATABASE_LISTEN_URL): PostgreSQL itself when the pool
   * goes through a transaction pooler, which cannot hold a LISTEN. By default, the pool's.
   */
  listenUrl?: string;
  /** First wait before reconnecting a dropped LISTEN connection; doubles up to 10 s. */
  reconnectDelayMs?: number;
};

/**
 * Resolves once this process is LISTENing, so a server that answers health also hears every
 * event published after that.
 */
export async function createPostgresEventBus(pool: pg.Pool, options: PostgresEventBusOptions = {}): Promise<EventBus> {
  const local = createLocalDelivery();
  const announcements = createAnnouncements();
  const { log } = options;
  const firstDelay = options.reconnectDelayMs ?? 500;
  let client: pg.Client | null = null;
  let closed = false;
  let retryTimer: NodeJS.Timeout | undefined;
  let delay = firstDelay;
  let listenedBefore = false;

  function onNotification(message: pg.Notification) {
    if (message.channel === ANNOUNCE_CHANNEL && message.payload) announcements.deliver(message.payload);
    if (message.channel !== EVENTS_CHANNEL) return;
    const payload = parsePayload(message.payload);
    if (!payload) return;
    for (const userId of payload.userIds) local.deliver(userId, payload.event);
  }

  // A separate connection (not one borrowed from the pool): LISTEN holds it for the life of
  // the process, and the pool stays whole for requests.
  async function connect(): Promise<void> {
    const next = new pg.Client(options.listenUrl ? { connectionString: options.listenUrl } : pool.options);
    next.on('notification', onNotification);
    next.on('error', (err) => {
      log?.warn({ err: err.message }, 'live updates: LISTEN connection failed; reconnecting');
      lost(next);
    });
    next.on('end', () => lost(next));
    await next.connect();
    await next.query(`LISTEN ${EVENTS_CHANNEL}; LISTEN ${ANNOUNCE_CHANNEL}`);
    if (closed) {
      await next.end().catch(() => {});
      return;
    }
    client = next;
    delay = firstDelay;
    // Reconnected: announcements made while no one listened here are assumed.
    if (listenedBefore) announcements.deliverAll();
    listenedBefore = true;
  }

  function lost(which: pg.Client) {
    if (client !== which) return;
    client = null;
    which.removeAllListeners('end');
    which.end().catch(() => {});
    scheduleReconnect();
  }

  // Events published while reconnecting are lost to this process's pages; they catch up on
  // their next fetch (EventSource itself stays open).
  function scheduleReconnect() {
    if (closed || retryTimer) return;
    retryTimer = setTimeout(() => {
      retryTimer = undefined;
      connect().catch((err: Error) => {
        log?.warn({ err: err.message, retryInMs: delay }, 'live updates: reconnecting LISTEN failed');
        delay = Math.min(delay * 2, 10_000);
        scheduleReconnect();
      });
    }, delay);
    retryTimer.unref();
  }

  await connect();

  return {
    async publish(userIds, event) {
      const payloads = payloadsFor(userIds, event);
      if (payloads.length === 0) return;
      // One round trip however many chunks; committed at once by the implicit transaction.
      await pool.query('SELECT pg_notify($1, p) FROM unnest($2::text[]) AS p', [EVENTS_CHANNEL, payloads]);
    },
    subscribe: local.subscribe,
    async announce(topic) {
      await pool.query('SELECT pg_notify($1, $2)', [ANNOUNCE_CHANNEL, topic]);
    },
    onAnnounce: announcements.onAnnounce,
    async close() {
      closed = true;
      if (retryTimer) clearTimeout(retryTimer);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners('end');
        await current.end().catch(() => {});
      }
    },
  };
}
