import {
  CALL_BACK_MESSAGES,
  NONE,
  callBackParamsSchema,
  rescheduleCallBodySchema,
  findRole,
  isClosedStatus,
  leadIdParamsSchema,
  leadListResponseSchema,
  listCountSchema,
  saleCustomerUpdateSchemas,
  saleDetailSchema,
  salesExportQuerySchema,
  salesListQuerySchema,
  salesStatusesOf,
  scheduleCallBodySchema,
  statusNameOf,
  takeSaleResponseSchema,
  workableSalesStatusesOf,
  type RoleKind,
  type SaleCustomerUpdate,
  type SaleDetail,
  type SalesListQuery,
} from '@backoffice/shared';
import { perUserRateLimit } from '../../plugins/external/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HttpError, MESSAGES, leadRefused } from '../../lib/errors';
import { sendJsonText, type JsonText } from '../../lib/json-text';
import { signedInUser, type AuthUser } from '../../plugins/app/auth';
import type { CallBackEdit } from '../../repositories/calls';
import { SalesRepository } from '../../repositories/sales';
import { editCustomer } from '../../services/customer-edit';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { countRequest } from '../../lists/routes';

const errors = errorResponses(400, 401, 403, 404, 409);

const SALES_MESSAGES = {
  alreadyTaken: 'Otro vendedor ya tomó esta solicitud',
  callBackClosed: CALL_BACK_MESSAGES.closed,
  notInSales: 'La solicitud no está en un estado de venta',
  /** A status without a way out (RECHAZADO): a seller who took it could do nothing with it. */
  closed: (status: string) => `La solicitud ya está cerrada (${status}): no admite cambios de estado, así que no se puede tomar`,
} as const;

/**
 * Who may take from the unassigned pool: the SPEC 6 "seller or seller without assignation" helper check.
 * Not the sales route rule: that rule refuses sellers without assignation (SPEC keeps arg 14 and 2, col
 * admin and seller), and taking from the pool is exactly their job.
 */
const POOL_TAKERS: readonly RoleKind[] = ['seller', 'seller_wo_assignation'];

/**
 * /sales and /sale-detail. The list is the lead list machinery (repository, keyset paging, capped count,
 * exports) with the status filter replaced by the SPEC 4 sales statuses; everything runs in the user's
 * scope (a seller: own leads only). Notes, management status and status transitions are the lead routes.
 */
const salesRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const sales = new SalesRepository(app.db);
  const lists = app.leadLists[country];
  const salesStatusIds = salesStatusesOf(country).map((status) => status.id);
  /** What the pool offers and take accepts: the sales statuses the workflow still leads somewhere from. */
  const poolStatusIds = workableSalesStatusesOf(country).map((status) => status.id);
  const salesNameOf = (statusId: number) =>
    salesStatusesOf(country).find((status) => status.id === statusId)?.name ?? statusNameOf(country, statusId);
  const scopeOf = (user: AuthUser) => lists.scopeOf(user);

  /**
   * The working list is every application in the user's scope, at any step: the SPEC 4 sales statuses
   * (checked here: 400 naming `sales_status` for any other id) and the steps narrow it.
   */
  const filtersOf = (
    { sales_status: status, ...rest }: Omit<SalesListQuery, 'sort' | 'dir' | 'page' | 'pageSize' | 'cursor' | 'exactCount' | 'count'>,
    byWords = false,
  ) => {
    const unknown = status?.filter((id) => !salesStatusIds.includes(id)) ?? [];
    const problems = unknown.length > 0 ? [{ field: 'sales_status', message: `Estado de venta desconocido: ${unknown.join(', ')}` }] : [];
    // Said once, as the sales status it was sent as (not again as the list's `status`).
    return lists.filters({ ...rest, status: status?.filter((id) => salesStatusIds.includes(id)) }, problems, byWords);
  };
  const changed = () => lists.changed();
  const requirePoolTaker = (user: AuthUser) => {
    const kind = findRole(country, user.role)?.kind;
    if (!kind || !POOL_TAKERS.includes(kind)) throw new HttpError(403, MESSAGES.forbidden);
  };

  /**
   * The sale as the user may see it (404 unknown or other country, 403 another seller's), as JSON text: the
   * lead's own text as PostgreSQL rendered it, with the pending call backs added (not parsed and serialised
   * again: the timeline is most of it).
   */
  const visibleSale = async (user: AuthUser, id: number): Promise<JsonText<SaleDetail>> => {
    const [found, calls] = await Promise.all([app.leads.detail(country, id), sales.pendingCalls(id)]);
    if (!found) throw new HttpError(404, MESSAGES.leadNotFound);
    const scope = scopeOf(user);
    if (scope.ownSellerId !== undefined && found.sellerId !== scope.ownSellerId)
      throw new HttpError(403, MESSAGES.notYourLead(found.sellerId));
    return `${found.json.slice(0, -1)},"scheduled_calls":${JSON.stringify(calls)}}`;
  };

  /** The lead row behind a write, with the same visibility rule. */
  const visibleRow = async (user: AuthUser, id: number) => {
    const row = await app.leads.find(country, id);
    if (!row) throw new HttpError(404, MESSAGES.leadNotFound);
    const scope = scopeOf(user);
    if (scope.ownSellerId !== undefined && row.sellerId !== scope.ownSellerId) throw new HttpError(403, MESSAGES.notYourLead(row.sellerId));
    return row;
  };

  app.get(
    '/sales',
    {
      onRequest: app.authorize('sales'),
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.lists, '1 minute', MESSAGES.tooManyPages) },
      schema: {
        tags: ['sales'],
        summary: 'Ventas: leads en estados de venta (un vendedor ve solo los suyos); filtros, paginado y total como /leads',
        security: SESSION_SECURITY,
        querystring: salesListQuerySchema,
        response: { 200: leadListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      const { sort, dir, page, pageSize, cursor, exactCount, count, ...filters } = request.query;
      return sendJsonText(
        reply,
        await lists.page(signedInUser(request), await filtersOf(filters, sort === 'created_at'), {
          sort,
          dir,
          page,
          pageSize,
          cursor,
          exactCount,
          count,
        }),
      );
    },
  );

  app.get(
    '/sales/count',
    {
      onRequest: app.authorize('sales'),
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.lists, '1 minute', MESSAGES.tooManyPages) },
      schema: {
        tags: ['sales'],
        summary:
          'Total de ventas con los mismos filtros y el mismo alcance (un vendedor cuenta solo las suyas): lo que count=later dejó para después',
        security: SESSION_SECURITY,
        querystring: salesListQuerySchema,
        response: { 200: listCountSchema, ...errors },
      },
    },
    async (request) => {
      const { filters, exactCount } = countRequest(request.query);
      return lists.total(signedInUser(request), await filtersOf(filters, true), exactCount);
    },
  );

  app.get(
    '/sales/export',
    {
      onRequest: app.authorize('sales'),
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.exports, '1 hour', MESSAGES.tooManyExports) },
      schema: {
        tags: ['sales'],
        summary: 'Exporta todas las ventas filtradas (CSV UTF-8 con BOM y ";", o XLSX), en streaming',
        security: SESSION_SECURITY,
        querystring: salesExportQuerySchema,
        response: { 200: z.any().describe('El archivo (text/csv o xlsx), en streaming'), ...errors },
      },
    },
    async (request, reply) => {
      const { sort, dir, format, ...filters } = request.query;
      return lists.export(request, reply, await filtersOf(filters), { sort, dir, format, filePrefix: 'ventas' });
    },
  );

  app.get(
    '/sales/:id',
    {
      onRequest: app.authorize('sale-detail'),
      schema: {
        tags: ['sales'],
        summary: 'Detalle de la venta: el lead, el cliente con su versión, las llamadas pendientes y el historial',
        security: SESSION_SECURITY,
        params: leadIdParamsSchema,
        response: { 200: saleDetailSchema, ...errors },
      },
    },
    async (request, reply) => sendJsonText(reply, await visibleSale(signedInUser(request), request.params.id)),
  );

  app.get(
    '/sales/pool',
    {
      // Authenticated (same country) and checked below by role kind: see POOL_TAKERS.
      onRequest: app.authenticate,
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.lists, '1 minute', MESSAGES.tooManyPages) },
      schema: {
        tags: ['sales'],
        summary:
          'Solicitudes sin vendedor en estados de venta que aún pueden avanzar (no RECHAZADO), para tomar (vendedor o vendedor sin asignación)',
        security: SESSION_SECURITY,
        querystring: salesListQuerySchema,
        response: { 200: leadListResponseSchema, ...errors },
      },
    },
    async (request, reply) => {
      requirePoolTaker(signedInUser(request));
      const { sort, dir, page, pageSize, cursor, exactCount, count, sales_status: status, ...rest } = request.query;
      // Unassigned, in a sales status that can still move (the ones `take` accepts), narrowed by the query's
      // own filters. Any sales status may be asked for (others are a 400); a closed one holds nothing to take.
      const filters = await filtersOf({ ...rest, sales_status: status?.length ? status : poolStatusIds, seller: [NONE] });
      const workable = filters.status!.filter((id) => poolStatusIds.includes(id));
      if (workable.length === 0) {
        const pageInfo = { page, pageSize, nextCursor: null, prevCursor: null };
        return { rows: [], count: { total: 0, exact: true }, pageInfo };
      }
      return sendJsonText(
        reply,
        await lists.page(
          signedInUser(request),
          { ...filters, status: workable },
          { sort, dir, page, pageSize, cursor, exactCount, count },
          { country },
        ),
      );
    },
  );

  app.post(
    '/sales/:id/take',
    {
      // Authenticated (same country) and checked below by role kind: see POOL_TAKERS.
      onRequest: app.authenticate,
      schema: {
        tags: ['sales'],
        summary:
          'Toma una solicitud sin vendedor (vendedor o vendedor sin asignación); si ya es suya, 200 sin cambios; 409 si otro la tomó antes o si ya está cerrada',
        security: SESSION_SECURITY,
        params: leadIdParamsSchema,
        response: { 200: takeSaleResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      requirePoolTaker(user);
      const result = await sales.take(country, request.params.id, { id: user.id, name: user.name }, poolStatusIds);
      if (!result.ok) {
        if (result.reason === 'not_found') throw new HttpError(404, MESSAGES.leadNotFound);
        if (result.reason === 'taken') throw new HttpError(409, SALES_MESSAGES.alreadyTaken);
        // RECHAZADO is a sales status with no way out; any other status with none (CANCELLED…) reads the same.
        if (isClosedStatus(country, result.statusId)) throw new HttpError(409, SALES_MESSAGES.closed(salesNameOf(result.statusId)));
        throw new HttpError(409, SALES_MESSAGES.notInSales);
      }
      if (result.again) return { id: request.params.id, seller_id: user.id, version: result.version };
      changed();
      // The seller's other tabs and devices refresh their lists too.
      app.realtime.toUser(user.id, 'lead:assigned', {
        lead_id: request.params.id,
        seller_id: user.id,
        source: 'take',
        by: { id: user.id, name: user.name },
      });
      return { id: request.params.id, seller_id: user.id, version: result.version };
    },
  );

  app.patch(
    '/sales/:id/customer',
    {
      onRequest: app.authorize('sale-detail'),
      schema: {
        tags: ['sales'],
        summary:
          'Edita los datos del cliente (nombre, apellido, celular, email, domicilio, cuenta bancaria); 409 si la versión no es la actual, ' +
          'si un vendedor cambia nombre, apellido o cuenta bancaria de un cliente con una solicitud abierta de otro vendedor, ' +
          'o si cambia la cuenta bancaria o el celular mientras una solicitud del cliente está en auditoría o transferencia',
        security: SESSION_SECURITY,
        params: leadIdParamsSchema,
        body: saleCustomerUpdateSchemas[country],
        response: { 200: saleDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const row = await visibleRow(user, request.params.id);
      await editCustomer(
        sales,
        country,
        user,
        { leadId: row.id, customerId: row.customerId, ownSellerId: scopeOf(user).ownSellerId },
        request.body as SaleCustomerUpdate,
      );
      // Names, phone and email are what free-text search and the list show.
      changed();
      return sendJsonText(reply, await visibleSale(user, row.id));
    },
  );

  app.post(
    '/sales/:id/call-back',
    {
      onRequest: app.authorize('sale-detail'),
      schema: {
        tags: ['sales'],
        summary: 'Programa una llamada (fecha y hora futuras) para el vendedor del lead; queda en el historial',
        security: SESSION_SECURITY,
        params: leadIdParamsSchema,
        body: scheduleCallBodySchema,
        response: { 200: saleDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const row = await visibleRow(user, request.params.id);
      const scheduled = await sales.scheduleCall(country, row.id, {
        ownSellerId: scopeOf(user).ownSellerId,
        createdBy: user.id,
        at: new Date(request.body.at),
        note: request.body.note,
      });
      if (typeof scheduled === 'object') throw leadRefused(scheduled);
      if (scheduled === 'closed') throw new HttpError(409, SALES_MESSAGES.callBackClosed);
      if (scheduled === 'full') throw new HttpError(409, CALL_BACK_MESSAGES.full);
      // The lead may come sooner in the next call's order.
      if (scheduled === 'scheduled') lists.reordered();
      return sendJsonText(reply, await visibleSale(user, row.id));
    },
  );

  /**
   * A cancel or a reschedule done: the lead's next call moved (the lists sorted by it), and the seller whose
   * reminder it is hears of it (their other tabs, or the seller when the back office changed it). Refusals
   * write nothing: 404 not this application's call back, 403 the lead is no longer the seller's, 409 no
   * longer pending (resolved, postponed or cancelled meanwhile), another one at that time, or moved by
   * someone else since it was read.
   */
  const callBackEdited = (edit: CallBackEdit, change: 'cancelled' | 'rescheduled') => {
    if (!edit.ok) {
      if (edit.reason === 'not_found') throw new HttpError(404, CALL_BACK_MESSAGES.notFound);
      if (edit.reason === 'not_yours') throw new HttpError(403, MESSAGES.notYourLead(null));
      if (edit.reason === 'same_time')
        throw new HttpError(409, CALL_BACK_MESSAGES.sameTime, [{ field: 'at', message: CALL_BACK_MESSAGES.sameTime }]);
      if (edit.reason === 'stale') throw new HttpError(409, CALL_BACK_MESSAGES.stale);
      throw new HttpError(409, CALL_BACK_MESSAGES.notPending);
    }
    if (!edit.changed) return;
    lists.reordered();
    if (edit.sellerId !== null) {
      app.realtime.toUser(edit.sellerId, 'call-reminder:changed', {
        id: edit.id,
        lead_id: edit.leadId,
        change,
        schedule_time: edit.scheduleTime.toISOString(),
      });
    }
  };

  app.post(
    '/sales/:id/call-back/:callId/cancel',
    {
      onRequest: app.authorize('sale-detail'),
      schema: {
        tags: ['sales'],
        summary: 'Cancela una llamada programada pendiente de la solicitud (sale de los recordatorios); queda en el historial',
        security: SESSION_SECURITY,
        params: callBackParamsSchema,
        response: { 200: saleDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const row = await visibleRow(user, request.params.id);
      const edit = await app.calls.cancel(country, row.id, request.params.callId, {
        userId: user.id,
        ownSellerId: scopeOf(user).ownSellerId,
      });
      callBackEdited(edit, 'cancelled');
      return sendJsonText(reply, await visibleSale(user, row.id));
    },
  );

  app.patch(
    '/sales/:id/call-back/:callId',
    {
      onRequest: app.authorize('sale-detail'),
      schema: {
        tags: ['sales'],
        summary: 'Reprograma una llamada pendiente de la solicitud a otra fecha y hora (las reglas de programarla); queda en el historial',
        security: SESSION_SECURITY,
        params: callBackParamsSchema,
        body: rescheduleCallBodySchema,
        response: { 200: saleDetailSchema, ...errors },
      },
    },
    async (request, reply) => {
      const user = signedInUser(request);
      const row = await visibleRow(user, request.params.id);
      const move = { at: new Date(request.body.at), version: request.body.version };
      const edit = await app.calls.reschedule(country, row.id, request.params.callId, move, {
        userId: user.id,
        ownSellerId: scopeOf(user).ownSellerId,
      });
      callBackEdited(edit, 'rescheduled');
      return sendJsonText(reply, await visibleSale(user, row.id));
    },
  );
};

export default salesRoutes;
