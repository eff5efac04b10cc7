import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  CONTACT_PER_EMAIL_PER_HOUR,
  CONTACT_PER_IP_PER_HOUR,
  CONTACT_PER_MEMBER_PER_HOUR,
  CONTACT_RATE_LIMITED_MESSAGE,
  CONTACT_SENT_MESSAGE,
} from '../../domain/contact';
import { AppError } from '../../domain/errors';
import type { AppContext } from '../app-context';
import { createAddressLimiter } from '../auth/address-limiter';
import { hitCounterFor } from '../http/hit-counter';
import { errorAnswers, memberOnly, perMemberRateLimit, requireMember } from '../http/route-helpers';
import { contractSchema } from '../http/route-contract';
import { noticesFor } from '../notices/notices';
import { visitorWritesToClub, writeToClubTeam } from './contact-service';

// 'Contact the club': a visitor's form (POST /api/contact) and a member's message to the club
// team (POST /api/contact/club-team). Decision 0021.

const HOUR_MS = 60 * 60 * 1000;

export async function contactRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  // Per e-mail address, whoever sends it: one address cannot flood the administrators from many networks.
  const perEmail = createAddressLimiter(
    hitCounterFor(ctx.database),
    CONTACT_PER_EMAIL_PER_HOUR,
    HOUR_MS,
    CONTACT_RATE_LIMITED_MESSAGE,
  );

  app.post(
    '/contact',
    {
      schema: contractSchema('POST /api/contact', { response: errorAnswers(503) }),
      config: {
        rateLimit: {
          max: CONTACT_PER_IP_PER_HOUR,
          timeWindow: HOUR_MS,
          errorResponseBuilder: () => new AppError('RATE_LIMITED', CONTACT_RATE_LIMITED_MESSAGE),
        },
      },
    },
    async (request) => {
      await perEmail.check(`contact:${request.body.email}`);
      await visitorWritesToClub({ db, notices: noticesFor(ctx, request.log) }, request.body);
      return { message: CONTACT_SENT_MESSAGE };
    },
  );

  app.post(
    '/contact/club-team',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/contact/club-team', { response: errorAnswers(409) }),
      config: perMemberRateLimit(CONTACT_PER_MEMBER_PER_HOUR, HOUR_MS, CONTACT_RATE_LIMITED_MESSAGE),
    },
    async (request, reply) => {
      const threadId = await writeToClubTeam(
        { db, notices: noticesFor(ctx, request.log) },
        requireMember(request).id,
        request.body,
      );
      return reply.status(201).send({ threadId });
    },
  );
}
