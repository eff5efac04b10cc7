import Fastify from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { apiContract } from '../../src/domain/api-contract';
import { healthSchema } from '../../src/domain/health';
import { checkRouteAgainstContract, contractSchema } from '../../src/server/http/route-contract';

// Decision 0029: a route takes its schemas from the route contract, and the app will not start
// with a route that answers otherwise than its contract says (what the web is typed against).
// tests/api/api-docs.test.ts checks that the app's routes and the contract name the same calls.

async function appWith(register: (app: ReturnType<typeof bareApp>) => void) {
  const app = bareApp();
  app.addHook('onRoute', checkRouteAgainstContract);
  await app.register(async (api) => register(api.withTypeProvider<ZodTypeProvider>()), { prefix: '/api' });
  await app.ready();
  return app;
}

function bareApp() {
  const app = Fastify().withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  return app;
}

describe('contractSchema', () => {
  it("gives a route its contract's query, body and answers, with its own parameters and refusals", () => {
    const params = z.object({ postId: z.string() });
    const refusal = z.object({ message: z.string() });
    const schema = contractSchema('DELETE /api/community/posts/:postId', { params, response: { 404: refusal } });
    const entry = apiContract['DELETE /api/community/posts/:postId'];
    expect(schema).toEqual({ params, querystring: entry.query, response: { 204: entry.response[204], 404: refusal } });
    expect(schema.response).not.toBe(entry.response);
  });

  it('starts an app whose routes take their schemas from the contract', async () => {
    const app = await appWith((api) => {
      api.get('/health', { schema: contractSchema('GET /api/health') }, async () => ({
        status: 'ok' as const,
        database: 'embedded' as const,
      }));
    });
    const res = await app.inject({ method: 'GET', url: '/api/health' });
    expect(res.json()).toEqual({ status: 'ok', database: 'embedded' });
    await app.close();
  });
});

describe('a route that strays from its contract', () => {
  it('stops the app from starting, naming the route and what differs', async () => {
    const looser = healthSchema.extend({ version: z.string() });
    await expect(
      appWith((api) => {
        api.get('/health', { schema: { response: { 200: looser } } }, async () => ({
          status: 'ok' as const,
          database: 'embedded' as const,
          version: '1',
        }));
      }),
    ).rejects.toThrow(/^GET \/api\/health is registered with another 200 answer than src\/domain\/api-contract\.ts/);
  });

  it('is caught for its body and query too, and for a schema under the wrong key', async () => {
    await expect(
      appWith((api) => {
        api.post('/auth/logout', { schema: contractSchema('POST /api/auth/login') }, async () => {});
      }),
    ).rejects.toThrow('POST /api/auth/logout is registered with another body, 200 answer');
    await expect(
      appWith((api) => {
        api.get('/trade-requests', { schema: contractSchema('GET /api/admin/trade-requests') }, async () => {});
      }),
    ).rejects.toThrow('GET /api/trade-requests is registered with another query, 200 answer');
  });

  it('leaves a route the contract does not name to the completeness test', async () => {
    const app = await appWith((api) => {
      api.get('/not-a-call', async () => 'fine');
    });
    expect((await app.inject({ method: 'GET', url: '/api/not-a-call' })).body).toBe('fine');
    await app.close();
  });
});
