import net from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { callsInFlight, countCallsInFlight } from '../../src/server/http/calls-in-flight';

// The count of calls being answered (the Wanted matcher gives way to them) must come back to
// zero however a call ends, or the matcher waits its longest for every listing from then on.
// A real server and raw sockets: how a connection closes is what is under test.

const key = {};
let app: FastifyInstance;
let port: number;
let release: () => void = () => {};

beforeAll(async () => {
  app = Fastify();
  await app.register(
    async (api) => {
      countCallsInFlight(api, key, '/api/events');
      const held = () => new Promise<void>((resolve) => (release = resolve));
      api.post('/held', async () => {
        await held();
        return { ok: true };
      });
      api.get('/held', async () => {
        await held();
        return { ok: true };
      });
      api.get('/events', async () => {
        await held();
        return { ok: true };
      });
    },
    { prefix: '/api' },
  );
  await app.listen({ port: 0, host: '127.0.0.1' });
  port = (app.server.address() as net.AddressInfo).port;
});
afterAll(async () => {
  release();
  await app.close();
});

const BODY = JSON.stringify({ title: 'Harbour Lights' });
const post = (length = BODY.length) =>
  `POST /api/held HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: ${length}\r\n\r\n${BODY}`;

/** Sends `raw` on a new connection; the socket, to end as the test says. */
async function send(raw: string): Promise<net.Socket> {
  const socket = net.connect(port, '127.0.0.1');
  await new Promise<void>((resolve) => socket.once('connect', () => resolve()));
  socket.on('data', () => {});
  socket.on('error', () => {});
  socket.write(raw);
  return socket;
}

it('counts a call out when its answer is sent', async () => {
  const socket = await send(post());
  await expect.poll(() => callsInFlight(key).inFlight).toBe(1);
  const answered = new Promise((resolve) => socket.once('data', resolve));
  release();
  await answered;
  await expect.poll(() => callsInFlight(key).inFlight).toBe(0);
  socket.destroy();
});

it.each([
  ['a POST whose whole body was read', () => post()],
  ['a POST still sending its body', () => post(BODY.length + 10)],
  ['a GET', () => 'GET /api/held HTTP/1.1\r\nHost: x\r\n\r\n'],
])('counts a call out when the caller leaves while it is answered: %s', async (_name, raw) => {
  const socket = await send(raw());
  await expect.poll(() => callsInFlight(key).inFlight).toBe(1);
  socket.destroy();
  await expect.poll(() => callsInFlight(key).inFlight).toBe(0);
  release(); // the handler ends later, into a closed connection
});

it('never counts the live-update stream', async () => {
  const stream = await send('GET /api/events HTTP/1.1\r\nHost: x\r\n\r\n');
  const call = await send(post());
  // Sent first, the stream would be counted by now: only the call is.
  await expect.poll(() => callsInFlight(key).inFlight).toBe(1);
  stream.destroy();
  call.destroy();
  await expect.poll(() => callsInFlight(key).inFlight).toBe(0);
  release();
});
