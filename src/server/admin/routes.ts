import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  SUSPEND_ADMIN_MESSAGE,
  SUSPEND_SELF_MESSAGE,
  TOTAL_COUNT_HEADER,
  UNTIL_IN_PAST_MESSAGE,
} from '../../domain/admin';
import { errorBodySchema } from '../../domain/errors';
import type { AppContext } from '../app-context';
import { adminOnly, errorAnswers, idParam, requestMeta, requireAdmin } from '../http/route-helpers';
import { adminManufacturers, MANUFACTURER_NOT_FOUND_MESSAGE } from '../manufacturers/manufacturers-service';
import { adminMemberPage } from '../members/members-admin-service';
import { noticesFor } from '../notices/notices';
import { applyTradeCommand } from '../trades/trade-life-cycle-service';
import { TRADE_NOT_FOUND_MESSAGE } from '../trades/trade-refusals';
import { disputedTrades, tradeForAdmin } from '../trades/trades-admin-service';
import { listAdminActions, loggingAdmins } from './activity-log';
import {
  addManufacturer,
  addSetting,
  changeManufacturer,
  changeSetting,
  removeManufacturer,
  removeSetting,
} from './catalogue-actions';
import {
  adjustPoints,
  MEMBER_NOT_FOUND_MESSAGE,
  setAdminStatus,
  suspendMember,
  unsuspendMember,
} from './member-actions';
import { adminOverview, memberDetail, pointsSummary } from './overview-service';
import { listReports, REPORT_NOT_FOUND_MESSAGE, resolveReport } from './reports-service';
import { listSettings, SETTING_NOT_FOUND_MESSAGE } from './settings-service';
import { contractSchema } from '../http/route-contract';

// The admin room (docs/product/administration.md, docs/api/admin.md): administrators' calls. Each handler
// is `adminOnly` (401 for a visitor, 403 for a member, before anything else runs), validates
// with the domain's schema and makes one service call; the services write each change and
// its activity-log row in one transaction. Lists that grow are paged: the answer is the
// array (docs/product/every-call.md#answers) and its total is the X-Total-Count header.

const memberParams = z.object({ id: idParam('NOT_FOUND', MEMBER_NOT_FOUND_MESSAGE) });
const settingParams = z.object({ id: idParam('NOT_FOUND', SETTING_NOT_FOUND_MESSAGE) });
const manufacturerParams = z.object({ id: idParam('NOT_FOUND', MANUFACTURER_NOT_FOUND_MESSAGE) });
const reportParams = z.object({ id: idParam('NOT_FOUND', REPORT_NOT_FOUND_MESSAGE) });
const tradeParams = z.object({ id: idParam('NOT_FOUND', TRADE_NOT_FOUND_MESSAGE) });

function paged<T>(reply: FastifyReply, items: T[], total: number): T[] {
  void reply.header(TOTAL_COUNT_HEADER, String(total));
  return items;
}

export async function adminRoutes(parent: FastifyInstance, ctx: AppContext): Promise<void> {
  const app = parent.withTypeProvider<ZodTypeProvider>();
  const db = ctx.database.db;
  const deps = (request: { log: FastifyInstance['log'] }) => ({ db, notices: noticesFor(ctx, request.log) });

  // -------------------------------------------------------------------------------------
  // Overview and members

  app.get('/admin/overview', { onRequest: adminOnly, schema: contractSchema('GET /api/admin/overview') }, async () =>
    adminOverview(db),
  );

  app.get(
    '/admin/users',
    {
      onRequest: adminOnly,
      schema: contractSchema('GET /api/admin/users'),
    },
    async (request, reply) => {
      const { members, total } = await adminMemberPage(db, request.query);
      return paged(reply, members, total);
    },
  );

  app.get(
    '/admin/users/:id',
    {
      onRequest: adminOnly,
      schema: contractSchema('GET /api/admin/users/:id', { params: memberParams, response: errorAnswers(404) }),
    },
    async (request) => memberDetail(db, request.params.id, requireAdmin(request).id),
  );

  app.patch(
    '/admin/users/:id/admin',
    {
      onRequest: adminOnly,
      schema: contractSchema('PATCH /api/admin/users/:id/admin', {
        params: memberParams,
        response: errorAnswers(404, 409),
      }),
    },
    async (request) => setAdminStatus(deps(request), requireAdmin(request).id, request.params.id, request.body.isAdmin),
  );

  app.post(
    '/admin/users/:id/points',
    {
      onRequest: adminOnly,
      schema: contractSchema('POST /api/admin/users/:id/points', {
        params: memberParams,
        response: errorAnswers(404, 409),
      }),
    },
    async (request) => adjustPoints(deps(request), requireAdmin(request).id, request.params.id, request.body),
  );

  app.post(
    '/admin/users/:id/suspend',
    {
      onRequest: adminOnly,
      schema: contractSchema('POST /api/admin/users/:id/suspend', {
        params: memberParams,
        response: {
          // A body that fails suspendSchema, and the three refusals of suspendMember.
          400: errorBodySchema.describe(
            `The request is not valid (the errors list says which fields), or: '${UNTIL_IN_PAST_MESSAGE}' (until), ` +
              `'${SUSPEND_SELF_MESSAGE}', '${SUSPEND_ADMIN_MESSAGE}'`,
          ),
          ...errorAnswers(404),
        },
      }),
    },
    async (request) => suspendMember(deps(request), requireAdmin(request).id, request.params.id, request.body),
  );

  app.post(
    '/admin/users/:id/unsuspend',
    {
      onRequest: adminOnly,
      schema: contractSchema('POST /api/admin/users/:id/unsuspend', {
        params: memberParams,
        response: errorAnswers(404, 409),
      }),
    },
    async (request) => unsuspendMember(deps(request), requireAdmin(request).id, request.params.id),
  );

  app.get('/admin/points', { onRequest: adminOnly, schema: contractSchema('GET /api/admin/points') }, async () =>
    pointsSummary(db),
  );

  // -------------------------------------------------------------------------------------
  // Settings and manufacturers

  app.get('/admin/settings', { onRequest: adminOnly, schema: contractSchema('GET /api/admin/settings') }, async () =>
    listSettings(db),
  );

  app.post(
    '/admin/settings',
    {
      onRequest: adminOnly,
      schema: contractSchema('POST /api/admin/settings', { response: errorAnswers(409) }),
    },
    async (request, reply) =>
      reply.status(201).send(await addSetting(deps(request), requireAdmin(request).id, request.body)),
  );

  app.patch(
    '/admin/settings/:id',
    {
      onRequest: adminOnly,
      schema: contractSchema('PATCH /api/admin/settings/:id', { params: settingParams, response: errorAnswers(404) }),
    },
    async (request) => changeSetting(deps(request), requireAdmin(request).id, request.params.id, request.body),
  );

  app.delete(
    '/admin/settings/:id',
    {
      onRequest: adminOnly,
      schema: contractSchema('DELETE /api/admin/settings/:id', { params: settingParams, response: errorAnswers(404) }),
    },
    async (request, reply) => {
      await removeSetting(deps(request), requireAdmin(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/admin/manufacturers',
    { onRequest: adminOnly, schema: contractSchema('GET /api/admin/manufacturers') },
    async () => adminManufacturers(db),
  );

  app.post(
    '/admin/manufacturers',
    {
      onRequest: adminOnly,
      schema: contractSchema('POST /api/admin/manufacturers', { response: errorAnswers(409) }),
    },
    async (request, reply) =>
      reply.status(201).send(await addManufacturer(deps(request), requireAdmin(request).id, request.body.name)),
  );

  app.patch(
    '/admin/manufacturers/:id',
    {
      onRequest: adminOnly,
      schema: contractSchema('PATCH /api/admin/manufacturers/:id', {
        params: manufacturerParams,
        response: errorAnswers(404, 409),
      }),
    },
    async (request) => changeManufacturer(deps(request), requireAdmin(request).id, request.params.id, request.body),
  );

  app.delete(
    '/admin/manufacturers/:id',
    {
      onRequest: adminOnly,
      schema: contractSchema('DELETE /api/admin/manufacturers/:id', {
        params: manufacturerParams,
        response: errorAnswers(404, 409),
      }),
    },
    async (request, reply) => {
      await removeManufacturer(deps(request), requireAdmin(request).id, request.params.id);
      return reply.status(204).send(null);
    },
  );

  // -------------------------------------------------------------------------------------
  // The activity log and reports

  app.get(
    '/admin/actions',
    {
      onRequest: adminOnly,
      schema: contractSchema('GET /api/admin/actions'),
    },
    async (request, reply) => {
      const { actions, total } = await listAdminActions(db, request.query);
      return paged(reply, actions, total);
    },
  );

  app.get(
    '/admin/actions/admins',
    { onRequest: adminOnly, schema: contractSchema('GET /api/admin/actions/admins') },
    async () => loggingAdmins(db),
  );

  app.get(
    '/admin/reports',
    {
      onRequest: adminOnly,
      schema: contractSchema('GET /api/admin/reports'),
    },
    async (request, reply) => {
      const { reports, total } = await listReports(db, request.query);
      return paged(reply, reports, total);
    },
  );

  app.post(
    '/admin/reports/:id/resolve',
    {
      onRequest: adminOnly,
      schema: contractSchema('POST /api/admin/reports/:id/resolve', {
        params: reportParams,
        response: errorAnswers(404, 409),
      }),
    },
    async (request) => resolveReport(deps(request), requireAdmin(request).id, request.params.id, request.body),
  );

  // -------------------------------------------------------------------------------------
  // Trade disputes (docs/product/trades.md#disputes). A disputed trade is frozen until an administrator decides
  // it: 'complete' pays the owner as a confirmed delivery does; 'refund' returns the held
  // points to the requester and lists the puzzle again. An administrator who is a party to
  // the trade may not decide it.

  app.get(
    '/admin/trade-requests',
    {
      onRequest: adminOnly,
      schema: contractSchema('GET /api/admin/trade-requests'),
    },
    async (request) => disputedTrades(db, requireAdmin(request).id),
  );

  app.post(
    '/admin/trade-requests/:id/resolve',
    {
      onRequest: adminOnly,
      schema: contractSchema('POST /api/admin/trade-requests/:id/resolve', {
        params: tradeParams,
        response: errorAnswers(404, 409),
      }),
    },
    async (request) => {
      const admin = requireAdmin(request);
      const tradeId = request.params.id;
      const { outcome, notes } = request.body;
      await applyTradeCommand(
        deps(request),
        tradeId,
        { kind: 'admin', id: admin.id, meta: requestMeta(request) },
        { action: outcome === 'complete' ? 'resolve-complete' : 'resolve-refund', notes: notes ?? null },
      );
      return tradeForAdmin(db, tradeId, admin.id);
    },
  );
}
