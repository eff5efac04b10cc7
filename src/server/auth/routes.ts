import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  ACCOUNT_EMAIL_CALLS_PER_IP,
  ACCOUNT_EMAIL_WINDOW_MS,
  ACCOUNT_EMAILS_PER_ADDRESS,
  ACCOUNT_LINK_CALLS_PER_IP,
  CURRENT_USER_CALLS_PER_MINUTE,
  MINUTE_MS,
  SESSION_CALLS_PER_IP,
  SIGN_INS_PER_IP,
} from '../../domain/constants';
import type { AppContext } from '../app-context';
import * as accounts from './accounts-service';
import { createAddressLimiter } from './address-limiter';
import { hitCounterFor } from '../http/hit-counter';
import { toMemberSelf } from '../members/member-views';
import { afterReplyIdle, runAfterReply } from '../http/after-reply';
import { errorAnswers, memberOnly, requireMember } from '../http/route-helpers';
import { contractSchema } from '../http/route-contract';
import { signIn, signOut } from './session-plugin';
import { tokenState } from './tokens-repository';

// Per-IP limits are loose (a household, a library or a club night shares one address,
// docs/product/accounts.md#limits-on-signing-in); the per-address limits in accounts-service are the tight ones.
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const perIp = (max: number) => ({ rateLimit: { max, timeWindow: FIFTEEN_MINUTES } });
/** GET /api/auth/user, per IP: a club night of 60 members on one address (constants.ts). */
const CURRENT_USER_RATE_LIMIT = { rateLimit: { max: CURRENT_USER_CALLS_PER_MINUTE, timeWindow: MINUTE_MS } };

export const FORGOT_PASSWORD_MESSAGE =
  "If an account with that email exists, we've sent you a secure link to reset your password.";
export const LOGIN_LINK_MESSAGE = "We've sent a secure login link to your email";
const REGISTER_MESSAGE = 'Please check your email for a link to complete your registration.';

export async function authRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // At most 5 e-mails of one kind to one address per 15 minutes.
  const limiter = createAddressLimiter(
    hitCounterFor(ctx.database),
    ACCOUNT_EMAILS_PER_ADDRESS,
    ACCOUNT_EMAIL_WINDOW_MS,
  );
  const perIpMail = { rateLimit: { max: ACCOUNT_EMAIL_CALLS_PER_IP, timeWindow: ACCOUNT_EMAIL_WINDOW_MS } };
  // Forgot-password and login-link work runs after their answer; closing the app waits for it.
  const afterReply = (task: string, work: () => Promise<void>) => runAfterReply(ctx, app.log, task, work);
  app.addHook('onClose', async () => afterReplyIdle(ctx));
  const deps = () => ({ db: ctx.database.db, mailer: ctx.mailer, appUrl: ctx.config.appUrl, limiter, afterReply });

  // Every page load asks who is signed in, so this limit is generous: it only stops a
  // runaway script from hammering the sessions table. The session is read in the handler, not
  // by memberOnly: a signed-out caller's 401 is this call's answer, and counts against the
  // rate limit like any other.
  app.get(
    '/auth/user',
    {
      schema: contractSchema('GET /api/auth/user', { security: [{ session: [] }], response: errorAnswers(401) }),
      config: CURRENT_USER_RATE_LIMIT,
    },
    async (request) => toMemberSelf(requireMember(request)),
  );

  app.post(
    '/auth/register-email',
    {
      schema: contractSchema('POST /api/auth/register-email', { response: errorAnswers(503) }),
      // 'Registration Started!' sends the e-mail again through this same call, under the same
      // limits (docs/decisions/0025-small-things-from-the-walk.md).
      config: perIpMail,
    },
    async (request) => {
      await accounts.registerEmail(deps(), request.body.email, request.body.returnTo);
      return { message: REGISTER_MESSAGE };
    },
  );

  app.post(
    '/auth/verify-email',
    { schema: contractSchema('POST /api/auth/verify-email'), config: perIp(ACCOUNT_LINK_CALLS_PER_IP) },
    async (request, reply) => {
      const member = await accounts.completeRegistration(
        ctx.database.db,
        request.body.token,
        request.body.password,
        request.ip,
      );
      await signIn(ctx, reply, member.id, false);
      return { autoLogin: true as const, user: toMemberSelf(member), message: 'Registration complete' };
    },
  );

  // The join page asks before showing the password form, so a used or expired link says so
  // first (issue 14). Looks only: the token stays as it was.
  app.post(
    '/auth/verify-email/check',
    { schema: contractSchema('POST /api/auth/verify-email/check'), config: perIp(ACCOUNT_LINK_CALLS_PER_IP) },
    async (request) => ({ state: await tokenState(ctx.database.db, request.body.token, 'verify_email') }),
  );

  app.post(
    '/auth/login',
    { schema: contractSchema('POST /api/auth/login', { response: errorAnswers(401) }), config: perIp(SIGN_INS_PER_IP) },
    async (request, reply) => {
      const { email, password, remember } = request.body;
      const member = await accounts.login(ctx.database.db, email, password, request.ip);
      await signIn(ctx, reply, member.id, remember ?? false);
      return { user: toMemberSelf(member) };
    },
  );

  app.post(
    '/auth/logout',
    { schema: contractSchema('POST /api/auth/logout'), config: perIp(SESSION_CALLS_PER_IP) },
    async (request, reply) => {
      await signOut(ctx, request, reply);
      return { message: 'Signed out' };
    },
  );

  app.post(
    '/auth/forgot-password',
    { schema: contractSchema('POST /api/auth/forgot-password'), config: perIpMail },
    async (request) => {
      await accounts.sendPasswordReset(deps(), request.body.email);
      return { message: FORGOT_PASSWORD_MESSAGE };
    },
  );

  app.post(
    '/auth/reset-password',
    { schema: contractSchema('POST /api/auth/reset-password'), config: perIp(ACCOUNT_LINK_CALLS_PER_IP) },
    async (request) => {
      await accounts.resetPassword(ctx.database.db, request.body.token, request.body.password, request.ip);
      return { message: 'Your password has been updated. You can now log in with your new password.' };
    },
  );

  app.post(
    '/auth/login-link',
    { schema: contractSchema('POST /api/auth/login-link'), config: perIpMail },
    async (request) => {
      await accounts.sendLoginLink(deps(), request.body.email, request.body.returnTo);
      return { message: LOGIN_LINK_MESSAGE };
    },
  );

  app.post(
    '/auth/login-link/verify',
    { schema: contractSchema('POST /api/auth/login-link/verify'), config: perIp(ACCOUNT_LINK_CALLS_PER_IP) },
    async (request, reply) => {
      const member = await accounts.verifyLoginLink(ctx.database.db, request.body.token, request.ip);
      await signIn(ctx, reply, member.id, false);
      return { user: toMemberSelf(member) };
    },
  );

  app.post(
    '/auth/mark-welcome-seen',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/auth/mark-welcome-seen'),
      config: perIp(SESSION_CALLS_PER_IP),
    },
    async (request) => {
      const member = requireMember(request);
      return toMemberSelf(await accounts.markWelcomeSeen(ctx.database.db, member.id));
    },
  );
}
