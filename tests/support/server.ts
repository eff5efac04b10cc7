import path from 'node:path';
import { buildTestApp, type TestApp } from './build-app';
import type { Config } from '../../src/server/config';
import { createMember } from './factories';
import { createSession } from '../../src/server/auth/sessions-repository';
import { SESSION_COOKIE } from '../../src/server/auth/session-plugin';

export type TestServer = TestApp & {
  url: string;
  /** Inserts a signed-up member and a session; the cookie goes into a browser context. */
  createMemberSession(
    email: string,
    overrides?: Parameters<typeof createMember>[1],
  ): Promise<{ memberId: number; cookie: { name: string; value: string; url: string } }>;
};

/**
 * The real app on a random local port, serving the built client, on a fresh database.
 * With smtpUrl (a mail catcher's), its e-mail goes over SMTP there.
 * With addressLookup (a stand-in provider's url and key), postcode lookups go there.
 */
export async function startTestServer(
  options: { smtpUrl?: string; addressLookup?: Config['addressLookup']; postcodeGeo?: Config['postcodeGeo'] } = {},
): Promise<TestServer> {
  const testApp = await buildTestApp({
    clientDir: path.resolve('dist/client'),
    ...(options.smtpUrl ? { smtpUrl: options.smtpUrl } : {}),
    ...(options.addressLookup ? { addressLookup: options.addressLookup } : {}),
    ...(options.postcodeGeo ? { postcodeGeo: options.postcodeGeo } : {}),
  });
  await testApp.app.listen({ port: 0, host: '127.0.0.1' });
  const address = testApp.app.server.address();
  if (!address || typeof address === 'string') throw new Error('server has no port');
  const url = `http://127.0.0.1:${address.port}`;
  // Links in e-mails must point at this server.
  testApp.ctx.config.appUrl = url;
  return {
    ...testApp,
    url,
    async createMemberSession(email, overrides) {
      const member = await createMember(testApp.database.db, { email, ...overrides });
      const { token } = await createSession(testApp.database.db, member.id, false);
      return { memberId: member.id, cookie: { name: SESSION_COOKIE, value: token, url } };
    },
  };
}

/** A signed-in member as a browser test holds one: their id and the cookie for a context. */
export type BrowserMember = { id: number; cookie: { name: string; value: string; url: string } };

export async function browserMember(
  server: TestServer,
  email: string,
  overrides?: Parameters<typeof createMember>[1],
): Promise<BrowserMember> {
  const { memberId, cookie } = await server.createMemberSession(email, overrides);
  return { id: memberId, cookie };
}

/**
 * A call to the API as a member, for what a browser journey is not about (a post to look at,
 * a reply to see arrive). An error answer fails the test; answers the JSON body, if any.
 */
export async function apiAs(
  server: TestServer,
  who: BrowserMember,
  method: 'POST' | 'GET' | 'DELETE',
  url: string,
  payload?: object,
) {
  const response = await server.app.inject({
    method,
    url,
    payload,
    headers: { cookie: `${who.cookie.name}=${who.cookie.value}` },
  });
  if (response.statusCode >= 300) throw new Error(`${method} ${url}: ${response.statusCode} ${response.body}`);
  return response.body ? response.json() : undefined;
}
