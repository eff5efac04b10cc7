import type { FastifyInstance } from 'fastify';

// RFC 9116: /.well-known/security.txt tells someone who found a hole where to report it.
// Served by the app rather than copied as a static file, so that it follows APP_URL (the
// contact is security@ the club's own domain: the product names no address) and its
// Expires date never goes stale (always a year ahead). docs/security.md, "Reporting a problem".

const YEAR_MS = 365 * 24 * 60 * 60 * 1000;

/** The policy the Policy field points at: what to report, and what we promise in return. */
export const SECURITY_POLICY = `Jigsaw Club: reporting a security problem

If you think you have found a way to see or change what you should not (another member's
details, messages, trades or points), or to make the club stop working, please e-mail the
address in /.well-known/security.txt. Tell us what you did and what you saw; a few steps we
can follow are enough.

What we promise:
- We answer within 5 working days, and tell you when it is fixed.
- We will not take action against anyone who reports in good faith, tests only with their own
  account (or a second account of their own), and does not keep, share or change other
  members' data.

Please do not: read or change other members' data, send mail or messages to members, run
load or denial-of-service tests against the club, or publish the problem before it is fixed.
Our members are people, many of them over 70: be kind to them and to their data.
`;

export function contactAddress(appUrl: string): string {
  return `security@${new URL(appUrl).hostname.replace(/^www\./, '')}`;
}

export function securityTxt(appUrl: string, now: Date = new Date()): string {
  const expires = new Date(Math.floor((now.getTime() + YEAR_MS) / 86_400_000) * 86_400_000);
  return [
    `Contact: mailto:${contactAddress(appUrl)}`,
    `Expires: ${expires.toISOString()}`,
    `Policy: ${appUrl}/.well-known/security-policy.txt`,
    'Preferred-Languages: en',
    `Canonical: ${appUrl}/.well-known/security.txt`,
    '',
  ].join('\n');
}

/** `appUrl` is read at every request (tests set it once the server knows its port). */
export async function registerSecurityTxt(app: FastifyInstance, appUrl: () => string): Promise<void> {
  const text = (reply: { type(t: string): unknown; header(k: string, v: string): unknown }) => {
    reply.type('text/plain; charset=utf-8');
    reply.header('Cache-Control', 'public, max-age=86400');
  };
  app.get('/.well-known/security.txt', { schema: { hide: true } }, async (_request, reply) => {
    text(reply);
    return securityTxt(appUrl());
  });
  app.get('/.well-known/security-policy.txt', { schema: { hide: true } }, async (_request, reply) => {
    text(reply);
    return SECURITY_POLICY;
  });
}
