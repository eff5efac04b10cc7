import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { AppError } from '../../domain/errors';
import { normalizePostcode, profileUpdateSchema } from '../../domain/profile';
import type { AppContext } from '../app';
import { toMemberDto } from '../auth/member-dto';
import { requireMember } from '../auth/session-plugin';
import { listActiveManufacturers, listManufacturers } from '../manufacturers/manufacturers-repository';
import { dashboardRoutes } from '../stats/routes';
import {
  AddressLookupUnavailable,
  createAddressLookup,
  LOOKUP_UNAVAILABLE_MESSAGE,
  UK_POSTCODE,
  UK_POSTCODE_MESSAGE,
  type AddressLookupConfig,
} from './address-lookup';
import { updateOwnProfile } from './profile-repository';

const manufacturerListSchema = z.array(z.object({ id: z.number().int(), name: z.string() }));

const postcodeParamsSchema = z.object({
  // The anchored pattern also bounds the length (Fastify refuses path segments over 100 chars).
  postcode: z.string().overwrite(normalizePostcode).regex(UK_POSTCODE, { error: UK_POSTCODE_MESSAGE }),
});

const addressListSchema = z.object({
  addresses: z.array(
    z.object({
      formatted_address: z.string(),
      line_1: z.string(),
      line_2: z.string(),
      locality: z.string(),
      town_or_city: z.string(),
      county: z.string(),
    }),
  ),
});

// Each lookup spends the club's paid provider quota: 30 a minute is far more than a member
// filling in a form needs, and stops a script from draining it.
const LOOKUPS_PER_MINUTE = 30;

export async function profileRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;

  // Public: the choice lists are not secret and the listing pages show brand names anyway.
  app.get('/manufacturers', { schema: { response: { 200: manufacturerListSchema } } }, () => listManufacturers(db));
  app.get('/manufacturers/active', { schema: { response: { 200: manufacturerListSchema } } }, () =>
    listActiveManufacturers(db),
  );

  // Everything else is the signed-in member's own: its own scope, so the sign-in check runs
  // before body validation (a signed-out caller gets 401, not a list of field errors).
  await app.register(async (scope) => {
    const member = scope.withTypeProvider<ZodTypeProvider>();
    member.addHook('onRequest', async (request) => {
      requireMember(request);
    });

    // No id in the path: a member can only ever change their own row.
    member.patch('/profile', { schema: { body: profileUpdateSchema } }, async (request) => {
      const me = requireMember(request);
      return toMemberDto(await updateOwnProfile(db, me.id, request.body));
    });

    const lookupConfig: AddressLookupConfig | undefined = ctx.config.addressLookup;
    const lookup = lookupConfig ? createAddressLookup(lookupConfig) : undefined;

    member.get(
      '/postcode-lookup/:postcode',
      {
        schema: { params: postcodeParamsSchema, response: { 200: addressListSchema } },
        // Per member, not per IP: a club night on one Wi-Fi must not share one allowance.
        config: {
          rateLimit: {
            max: LOOKUPS_PER_MINUTE,
            timeWindow: 60_000,
            keyGenerator: (request) => `member:${request.member?.id ?? request.ip}`,
            errorResponseBuilder: () =>
              new AppError('RATE_LIMITED', 'Too many address lookups. Please wait a minute and try again.'),
          },
        },
      },
      async (request) => {
        if (!lookup) throw new AppError('SERVICE_UNAVAILABLE', LOOKUP_UNAVAILABLE_MESSAGE);
        try {
          return { addresses: await lookup(request.params.postcode) };
        } catch (err) {
          if (!(err instanceof AddressLookupUnavailable)) throw err;
          // The reason only (status, timeout...): never the request URL, which holds the key.
          request.log.warn({ reason: err.message }, 'postcode lookup failed');
          throw new AppError('SERVICE_UNAVAILABLE', LOOKUP_UNAVAILABLE_MESSAGE);
        }
      },
    );

    await dashboardRoutes(member, ctx);
  });
}
