import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { normalizePostcode } from '../../domain/profile';
import type { AppContext } from '../app-context';
import { signOut } from '../auth/session-plugin';
import {
  errorAnswers,
  memberOnly,
  perMemberEditLimit,
  perMemberRateLimit,
  requestMeta,
  requireMember,
} from '../http/route-helpers';
import { ADDRESS_LOOKUPS_PER_MINUTE, ADDRESS_LOOKUPS_RATE_LIMIT_MESSAGE, MINUTE_MS } from '../../domain/constants';
import { contractSchema } from '../http/route-contract';
import { noticesFor } from '../notices/notices';
import { closeMembership, closingPreview } from './close-membership';
import { endAway, setAway } from './away-service';
import { toMemberSelf } from '../members/member-views';
import { createAddressLookup, lookupAddresses, UK_POSTCODE, UK_POSTCODE_MESSAGE } from './address-lookup';
import { updateOwnProfile } from './profile-repository';
import { listingCardsChanged } from '../listings/listings-admin-service';
import { postcodeSaved } from '../geo/geo-service';

// The signed-in member's own profile, and the postcode lookup that fills its address.

const postcodeParamsSchema = z.object({
  // The anchored pattern also bounds the length (Fastify refuses path segments over 100 chars).
  postcode: z.string().overwrite(normalizePostcode).regex(UK_POSTCODE, { error: UK_POSTCODE_MESSAGE }),
});

export async function profileRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  // No id in the path: a member can only ever change their own row.
  app.patch(
    '/profile',
    {
      onRequest: memberOnly,
      schema: contractSchema('PATCH /api/profile'),
      config: perMemberEditLimit(),
    },
    async (request) => {
      const member = await updateOwnProfile(db, requireMember(request).id, request.body);
      // Their listings' cards show their name and town: browse forgets the cards it remembered.
      listingCardsChanged();
      // A new postcode becomes a point now if the service answers within a second; otherwise
      // the locator job tries again. The profile is saved either way.
      await postcodeSaved({ db, config: ctx.config, log: request.log }, member.id).catch((err: unknown) =>
        request.log.error({ err }, 'locating the member failed; the locator job will try again'),
      );
      return toMemberSelf(member);
    },
  );

  // 'I am away' (docs/product/trust.md#away): the member's own row only, so no id in the path.
  app.put(
    '/profile/away',
    {
      onRequest: memberOnly,
      schema: contractSchema('PUT /api/profile/away'),
      config: perMemberEditLimit(),
    },
    async (request) => toMemberSelf(await setAway(db, requireMember(request).id, request.body)),
  );

  app.delete(
    '/profile/away',
    { onRequest: memberOnly, schema: contractSchema('DELETE /api/profile/away'), config: perMemberEditLimit() },
    async (request) => toMemberSelf(await endAway(db, requireMember(request).id)),
  );

  // 'Close my membership' (decision 0021): what it would do now, and the closing itself.
  app.get(
    '/profile/closing',
    { onRequest: memberOnly, schema: contractSchema('GET /api/profile/closing') },
    async (request) => closingPreview(db, requireMember(request).id),
  );

  app.post(
    '/profile/close',
    {
      onRequest: memberOnly,
      schema: contractSchema('POST /api/profile/close', { response: errorAnswers(409) }),
    },
    async (request, reply) => {
      const member = requireMember(request);
      const answer = await closeMembership(
        { db, notices: noticesFor(ctx, request.log) },
        member.id,
        requestMeta(request),
      );
      await signOut(ctx, request, reply);
      return answer;
    },
  );

  const lookup = ctx.config.addressLookup ? createAddressLookup(ctx.config.addressLookup) : undefined;

  app.get(
    '/postcode-lookup/:postcode',
    {
      onRequest: memberOnly,
      schema: contractSchema('GET /api/postcode-lookup/:postcode', {
        params: postcodeParamsSchema,
        response: errorAnswers(503),
      }),
      // Each lookup spends the club's paid provider quota: 30 a minute is far more than a
      // member filling in a form needs, and stops a script from draining it.
      config: perMemberRateLimit(ADDRESS_LOOKUPS_PER_MINUTE, MINUTE_MS, ADDRESS_LOOKUPS_RATE_LIMIT_MESSAGE),
    },
    async (request) => lookupAddresses(lookup, request.params.postcode, request.log),
  );
}
