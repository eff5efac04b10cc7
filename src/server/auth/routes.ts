import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  forgotPasswordSchema,
  loginLinkSchema,
  loginLinkVerifyBodySchema,
  loginSchema,
  registerEmailBodySchema,
  resetPasswordBodySchema,
  verifyEmailBodySchema,
} from '../../domain/auth';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../app';
import { MailSendError } from '../mail/mailer';
import * as accounts from './accounts-service';
import { createAddressLimiter } from './address-limiter';
import { toMemberDto } from './member-dto';
import { requireMember, signIn, signOut } from './session-plugin';

// Per-IP limits are loose (a household, a library or a club night shares one address,
// CONTRACT §3); the per-address limits in accounts-service are the tight ones.
const FIFTEEN_MINUTES = 15 * 60 * 1000;
const perIp = (max: number) => ({ rateLimit: { max, timeWindow: FIFTEEN_MINUTES } });
/** GET /api/auth/user: 600 per IP per minute (ten a second, far beyond any household). */
export const CURRENT_USER_RATE_LIMIT = { rateLimit: { max: 600, timeWindow: 60 * 1000 } };

export const FORGOT_PASSWORD_MESSAGE =
  "If an account with that email exists, we've sent you a secure link to reset your password.";
export const LOGIN_LINK_MESSAGE = "We've sent a secure login link to your email";
const REGISTER_MESSAGE = 'Please check your email for a link to complete your registration.';

export async function authRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  // At most 5 e-mails of one kind to one address per 15 minutes.
  const limiter = createAddressLimiter(5, FIFTEEN_MINUTES);
  const deps = () => ({ db: ctx.database.db, mailer: ctx.mailer, appUrl: ctx.config.appUrl, limiter });

  // Every page load asks who is signed in, so this limit is generous: it only stops a
  // runaway script from hammering the sessions table.
  app.get('/auth/user', { config: CURRENT_USER_RATE_LIMIT }, async (request) => toMemberDto(requireMember(request)));

  app.post(
    '/auth/register-email',
    { schema: { body: registerEmailBodySchema }, config: perIp(60) },
    async (request) => {
      try {
        await accounts.registerEmail(deps(), request.body.email);
      } catch (err) {
        if (err instanceof MailSendError) {
          throw new AppError('SERVICE_UNAVAILABLE', 'Failed to send verification email');
        }
        throw err;
      }
      return { message: REGISTER_MESSAGE };
    },
  );

  app.post(
    '/auth/verify-email',
    { schema: { body: verifyEmailBodySchema }, config: perIp(60) },
    async (request, reply) => {
      const member = await accounts.completeRegistration(
        ctx.database.db,
        request.body.token,
        request.body.password,
        request.ip,
      );
      await signIn(ctx, reply, member.id, false);
      return { autoLogin: true, user: toMemberDto(member), message: 'Registration complete' };
    },
  );

  app.post('/auth/login', { schema: { body: loginSchema }, config: perIp(100) }, async (request, reply) => {
    const { email, password, remember } = request.body;
    const member = await accounts.login(ctx.database.db, email, password, request.ip);
    await signIn(ctx, reply, member.id, remember ?? false);
    return { user: toMemberDto(member) };
  });

  app.post('/auth/logout', { config: perIp(300) }, async (request, reply) => {
    await signOut(ctx, request, reply);
    return { message: 'Signed out' };
  });

  app.post('/auth/forgot-password', { schema: { body: forgotPasswordSchema }, config: perIp(60) }, async (request) => {
    await accounts.sendPasswordReset(deps(), request.body.email);
    return { message: FORGOT_PASSWORD_MESSAGE };
  });

  app.post(
    '/auth/reset-password',
    { schema: { body: resetPasswordBodySchema }, config: perIp(60) },
    async (request) => {
      await accounts.resetPassword(ctx.database.db, request.body.token, request.body.password, request.ip);
      return { message: 'Your password has been updated. You can now log in with your new password.' };
    },
  );

  app.post('/auth/login-link', { schema: { body: loginLinkSchema }, config: perIp(60) }, async (request) => {
    await accounts.sendLoginLink(deps(), request.body.email);
    return { message: LOGIN_LINK_MESSAGE };
  });

  app.post(
    '/auth/login-link/verify',
    { schema: { body: loginLinkVerifyBodySchema }, config: perIp(60) },
    async (request, reply) => {
      const member = await accounts.verifyLoginLink(ctx.database.db, request.body.token, request.ip);
      await signIn(ctx, reply, member.id, false);
      return { user: toMemberDto(member) };
    },
  );

  app.post('/auth/mark-welcome-seen', { config: perIp(300) }, async (request) => {
    const member = requireMember(request);
    return toMemberDto(await accounts.markWelcomeSeen(ctx.database.db, member.id));
  });
}
