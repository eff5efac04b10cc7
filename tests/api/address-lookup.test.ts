import { Writable } from 'node:stream';
import pino from 'pino';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/server/app';
import { createSession } from '../../src/server/auth/sessions-repository';
import { requestSerializers } from '../../src/server/http/logging';
import {
  AddressLookupUnavailable,
  createAddressLookup,
  LOOKUP_UNAVAILABLE_MESSAGE,
  type AddressLookupConfig,
} from '../../src/server/profile/address-lookup';
import { startAddressProvider, type AddressProvider } from '../support/address-provider';
import { buildTestApp, type TestApp } from '../support/build-app';
import { createMember } from '../support/factories';

// A shorter timeout than production's 5 s so the hanging-provider tests are quick, yet long
// enough that the first call of a loaded CI machine (a cold HTTP client) is not taken for a
// hang: 300 ms failed CI once that way.
const TEST_TIMEOUT_MS = 1500;

let provider: AddressProvider;
let t: TestApp; // provider configured
let off: TestApp; // no provider configured
let cookie: string;

beforeAll(async () => {
  provider = await startAddressProvider();
  const lookupConfig: AddressLookupConfig = { url: provider.url, key: provider.key, timeoutMs: TEST_TIMEOUT_MS };
  [t, off] = await Promise.all([buildTestApp({ addressLookup: lookupConfig }), buildTestApp()]);
  cookie = await signedIn(t);
});
afterAll(async () => {
  await Promise.all([t?.close(), off?.close()]);
  await provider?.close();
});
beforeEach(() => {
  provider.setMode('normal');
  provider.requests.length = 0;
});

async function signedIn(app: TestApp): Promise<string> {
  const member = await createMember(app.database.db);
  const { token } = await createSession(app.database.db, member.id, false);
  return `jc_session=${token}`;
}

function lookup(postcode: string, as: string | null = cookie, app: FastifyInstance = t.app) {
  return app.inject({
    method: 'GET',
    url: `/api/postcode-lookup/${encodeURIComponent(postcode)}`,
    headers: as ? { cookie: as } : {},
  });
}

describe('GET /api/postcode-lookup/:postcode', () => {
  it('answers 401 to a signed-out caller and never asks the provider', async () => {
    const res = await lookup('SW1A 1AA', null);
    expect(res.statusCode).toBe(401);
    expect(provider.requests).toHaveLength(0);
  });

  it("maps the provider's addresses to the profile's shape", async () => {
    const res = await lookup('SW1A 1AA');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      addresses: [
        {
          formatted_address: 'Buckingham Palace, London',
          line_1: 'Buckingham Palace',
          line_2: '',
          locality: '',
          town_or_city: 'London',
          county: '',
        },
      ],
    });
  });

  it('sends the provider the normalised postcode, the key and expand=true', async () => {
    const res = await lookup('  sw1a   1aa ');
    expect(res.statusCode).toBe(200);
    expect(provider.requests).toEqual([
      { method: 'GET', path: '/find/SW1A%201AA', postcode: 'SW1A 1AA', apiKey: provider.key, expand: 'true' },
    ]);
  });

  it('keeps a third address line on line 2 and drops blank parts of the formatted address', async () => {
    const res = await lookup('HG1 2AB');
    expect(res.statusCode).toBe(200);
    const { addresses } = res.json();
    expect(addresses).toHaveLength(2);
    expect(addresses[1]).toEqual({
      formatted_address: 'Flat 2, The Maltings, Maltings Yard, Orchard Lane, Bilton, Harrogate, North Yorkshire',
      line_1: 'Flat 2, The Maltings',
      line_2: 'Maltings Yard, Orchard Lane',
      locality: 'Bilton',
      town_or_city: 'Harrogate',
      county: 'North Yorkshire',
    });
  });

  it('accepts a postcode typed without its space', async () => {
    const res = await lookup('hg12ab');
    expect(res.statusCode).toBe(200);
    expect(res.json().addresses).toHaveLength(2);
    expect(provider.requests[0]!.postcode).toBe('HG12AB');
  });

  it('answers an empty list for a postcode the provider does not know', async () => {
    const res = await lookup('ZZ9 9ZZ');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ addresses: [] });
  });

  it('refuses something that is not a UK postcode with a clear 400, without calling the provider', async () => {
    for (const bad of ['hello', 'SW1A', '12345', '   ', 'SW1A 1AA; DROP TABLE', 'A'.repeat(40)]) {
      const res = await lookup(bad);
      expect(res.statusCode, bad).toBe(400);
      expect(res.json().message).toBe('Validation failed: postcode: Please enter a full UK postcode, such as SW1A 1AA');
    }
    // Far too long for a URL segment: Fastify itself refuses it, still a 4xx with a JSON message.
    const huge = await lookup('A'.repeat(500));
    expect(huge.statusCode).toBe(414);
    expect(typeof huge.json().message).toBe('string');
    expect(provider.requests).toHaveLength(0);
  });

  it.each([
    ['error', 'the provider fails (500)'],
    ['rate-limited', 'the provider refuses us (429)'],
    ['bad-json', 'the provider answers something that is not JSON'],
  ] as const)('answers 503 with the manual-entry message when %s: %s', async (mode, _why) => {
    provider.setMode(mode);
    const res = await lookup('SW1A 1AA');
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(LOOKUP_UNAVAILABLE_MESSAGE);
    expect(res.body).not.toContain(provider.key);
  });

  it('gives up on a provider that never answers after the timeout, with a 503', async () => {
    provider.setMode('hang');
    const started = Date.now();
    const res = await lookup('SW1A 1AA');
    const took = Date.now() - started;
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe(LOOKUP_UNAVAILABLE_MESSAGE);
    expect(took).toBeGreaterThanOrEqual(TEST_TIMEOUT_MS - 20);
    expect(took).toBeLessThan(TEST_TIMEOUT_MS + 2000);
  });

  it('answers 503 "enter your address manually" when no provider is configured', async () => {
    const res = await lookup('SW1A 1AA', await signedIn(off), off.app);
    expect(res.statusCode).toBe(503);
    expect(res.json().message).toBe('Address lookup is not available. Please enter your address manually.');
  });

  it('limits each member to 30 lookups a minute, without holding back other members', async () => {
    const busy = await signedIn(off);
    for (let i = 0; i < 30; i++) expect((await lookup('SW1A 1AA', busy, off.app)).statusCode).toBe(503);
    const refused = await lookup('SW1A 1AA', busy, off.app);
    expect(refused.statusCode).toBe(429);
    expect(refused.json().message).toMatch(/too many address lookups/i);
    expect((await lookup('SW1A 1AA', await signedIn(off), off.app)).statusCode).toBe(503);
  });

  it('never writes the API key to the log, even when the provider fails', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _enc, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const logger = pino({ level: 'trace', serializers: requestSerializers }, stream) as FastifyBaseLogger;
    const logged = await buildApp(t.ctx, { logger });
    try {
      for (const mode of ['normal', 'error', 'hang', 'bad-json', 'rate-limited'] as const) {
        provider.setMode(mode);
        await lookup('SW1A 1AA', cookie, logged);
      }
    } finally {
      await logged.close();
    }
    expect(lines.some((l) => l.includes('postcode lookup failed'))).toBe(true);
    expect(lines.join('\n')).not.toContain(provider.key);
  });
});

describe('the lookup client', () => {
  it('treats a wrong key (401) as unavailable, without the key in the error', async () => {
    const wrongKey = 'not-the-right-key-123';
    const client = createAddressLookup({ url: provider.url, key: wrongKey, timeoutMs: TEST_TIMEOUT_MS });
    const err = await client('SW1A 1AA').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AddressLookupUnavailable);
    expect((err as Error).message).toBe('address lookup unavailable: provider answered 401');
    expect(provider.requests[0]!.apiKey).toBe(wrongKey);
  });

  it('treats an unreachable provider as unavailable', async () => {
    const client = createAddressLookup({ url: 'http://127.0.0.1:9', key: 'k', timeoutMs: TEST_TIMEOUT_MS });
    await expect(client('SW1A 1AA')).rejects.toBeInstanceOf(AddressLookupUnavailable);
  });

  it('waits 5 seconds by default', async () => {
    provider.setMode('hang');
    const client = createAddressLookup({ url: provider.url, key: provider.key });
    const started = Date.now();
    const outcome = await Promise.race([
      client('SW1A 1AA').then(
        () => 'answered',
        () => 'gave up',
      ),
      new Promise((resolve) => setTimeout(() => resolve('still waiting'), 1000)),
    ]);
    expect(outcome).toBe('still waiting');
    expect(Date.now() - started).toBeLessThan(2000);
  });
});
