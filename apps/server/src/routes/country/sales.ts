import {
  AMOUNT_RANGES,
  COUNTRY_TIME_ZONE,
  errorBodySchema,
  findRole,
  isSellerOrWoAssignation,
  leadIdParamsSchema,
  leadListResponseSchema,
  saleCustomerUpdateSchemas,
  saleDetailSchema,
  salesExportQuerySchema,
  salesListQuerySchema,
  salesStatusesOf,
  scheduleCallBodySchema,
  takeSaleResponseSchema,
  type ListCount,
  type RoleKind,
  type SaleCustomerUpdate,
  type SaleDetail,
  type SalesListQuery,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { CountCache } from '../../lib/count-cache';
import { decodeCursor } from '../../lib/cursor';
import { HttpError, MESSAGES, invalidData } from '../../lib/errors';
import type { AuthUser } from '../../plugins/app/auth';
import type { LeadFilters, LeadScope } from '../../repositories/leads';
import { SalesRepository } from '../../repositories/sales';
import { csvStream, xlsxStream } from '../../services/lead-export';
import type { CountryOptions } from './index';

const security: { [label: string]: string[] }[] = [{ cookie: [] }, { bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };

const SALES_MESSAGES = {
  staleCustomer: 'El cliente fue modificado por otro usuario. Recargá para ver los cambios.',
  alreadyTaken: 'Otro vendedor ya tomó esta solicitud',
  notInSales: 'La solicitud no está en un estado de venta',
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
  const counts = new CountCache(app.config.countCacheSeconds);
  const threshold = app.config.listCountThreshold;
  const salesStatusIds = salesStatusesOf(country).map((status) => status.id);

  const scopeOf = (user: AuthUser): LeadScope => ({
    country,
    ownSellerId: isSellerOrWoAssignation(country, user.role) ? user.id : undefined,
  });

  /** The lead filters of a sales query: sales statuses (all of them by default), checked against the catalogues. */
  const filtersOf = (query: Omit<SalesListQuery, 'sort' | 'dir' | 'page' | 'pageSize'>): LeadFilters => {
    const problems: { field: string; message: string }[] = [];
    const unknown = query.sales_status?.filter((id) => !salesStatusIds.includes(id)) ?? [];
    if (unknown.length > 0) problems.push({ field: 'sales_status', message: `Estado de venta desconocido: ${unknown.join(', ')}` });
    let amount;
    if (query.amount !== undefined) {
      amount = AMOUNT_RANGES[country].find((range) => range.id === query.amount);
      if (!amount) problems.push({ field: 'amount', message: 'Rango de monto desconocido' });
    }
    if (query.from && query.to && query.from > query.to) {
      problems.push({ field: 'to', message: 'La fecha hasta no puede ser anterior a la fecha desde' });
    }
    if (problems.length > 0) throw invalidData(problems);
    return {
      // The working list is every application in the user's scope, at any step: the sales statuses and the
      // steps narrow it.
      status: query.sales_status,
      step: query.step,
      amount,
      management: query.management,
      seller: query.seller,
      from: query.from,
      to: query.to,
      q: query.q,
    };
  };

  const countOf = async (scope: LeadScope, filters: LeadFilters, exact: boolean): Promise<ListCount> => {
    const key = `${country}|${JSON.stringify([scope.ownSellerId ?? null, filters, exact])}`;
    const cached = counts.get(key);
    if (cached) return cached;
    const count = await app.leads.count(scope, filters, exact ? undefined : threshold);
    counts.set(key, count);
    return count;
  };
  const changed = () => counts.invalidate(`${country}|`);
  const stopListening = app.workflow.onStatusChange((changedCountry) => changedCountry === country && changed());
  app.addHook('onClose', async () => stopListening());

  /** The sale as the user may see it: 404 unknown or other country, 403 another seller's. */
  const visibleSale = async (user: AuthUser, id: number): Promise<SaleDetail> => {
    const found = await app.leads.detail(country, id);
    if (!found) throw new HttpError(404, MESSAGES.leadNotFound);
    const scope = scopeOf(user);
    if (scope.ownSellerId !== undefined && found.sellerId !== scope.ownSellerId) throw new HttpError(403, MESSAGES.notYourLead);
    const [version, calls] = await Promise.all([sales.customerVersion(country, found.lead.customer.id), sales.pendingCalls(id)]);
    return { ...found.lead, customer: { ...found.lead.customer, version: version ?? 1 }, scheduled_calls: calls };
  };

  /** The lead row behind a write, with the same visibility rule. */
  const visibleRow = async (user: AuthUser, id: number) => {
    const row = await app.leads.find(country, id);
    if (!row) throw new HttpError(404, MESSAGES.leadNotFound);
    const scope = scopeOf(user);
    if (scope.ownSellerId !== undefined && row.sellerId !== scope.ownSellerId) throw new HttpError(403, MESSAGES.notYourLead);
    return row;
  };

  app.get(
    '/sales',
    {
      onRequest: app.authorize('sales'),
      schema: {
        tags: ['sales'],
        summary: 'Ventas: leads en estados de venta (un vendedor ve solo los suyos); filtros, paginado y total como /leads',
        security,
        querystring: salesListQuerySchema,
        response: { 200: leadListResponseSchema, ...errors },
      },
    },
    async (request) => {
      const { sort, dir, page, pageSize, cursor, exactCount, ...rest } = request.query;
      const scope = scopeOf(request.user!);
      const filters = filtersOf(rest);
      const [result, count] = await Promise.all([
        app.leads.page(scope, filters, { sort, dir, page, pageSize, cursor: decodeCursor(cursor) }),
        countOf(scope, filters, exactCount === true),
      ]);
      return {
        rows: result.rows,
        count,
        pageInfo: { page: result.page, pageSize, nextCursor: result.nextCursor, prevCursor: result.prevCursor },
      };
    },
  );

  app.get(
    '/sales/export',
    {
      onRequest: app.authorize('sales'),
      schema: {
        tags: ['sales'],
        summary: 'Exporta todas las ventas filtradas (CSV UTF-8 con BOM y ";", o XLSX), en streaming',
        security,
        querystring: salesExportQuerySchema,
        response: { 200: z.any().describe('El archivo (text/csv o xlsx), en streaming'), ...errors },
      },
    },
    async (request, reply) => {
      const { sort, dir, format, ...rest } = request.query;
      const scope = scopeOf(request.user!);
      const filters = filtersOf(rest);
      const { total } = await app.leads.count(scope, filters);
      const batches = app.leads.batches(scope, filters, { sort, dir }, app.config.exportBatch);
      const today = new Intl.DateTimeFormat('en-CA', { timeZone: COUNTRY_TIME_ZONE[country] }).format(new Date());
      void reply
        .header('content-disposition', `attachment; filename="ventas-${country}-${today}.${format}"`)
        .header('x-total-count', String(total))
        .header('cache-control', 'no-store');
      if (format === 'csv') return reply.type('text/csv; charset=utf-8').send(csvStream(country, batches));
      const stream = xlsxStream(country, batches, (error) => request.log.error({ err: error }, 'xlsx export failed'));
      return reply.type('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet').send(stream);
    },
  );

  app.get(
    '/sales/:id',
    {
      onRequest: app.authorize('sale-detail'),
      schema: {
        tags: ['sales'],
        summary: 'Detalle de la venta: el lead, el cliente con su versión, las llamadas pendientes y el historial',
        security,
        params: leadIdParamsSchema,
        response: { 200: saleDetailSchema, ...errors },
      },
    },
    async (request) => visibleSale(request.user!, request.params.id),
  );

  app.post(
    '/sales/:id/take',
    {
      // Authenticated (same country) and checked below by role kind: see POOL_TAKERS.
      onRequest: app.authenticate,
      schema: {
        tags: ['sales'],
        summary: 'Toma una solicitud sin vendedor (vendedor o vendedor sin asignación); 409 si otro la tomó antes',
        security,
        params: leadIdParamsSchema,
        response: { 200: takeSaleResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user!;
      const kind = findRole(country, user.role)?.kind;
      if (!kind || !POOL_TAKERS.includes(kind)) throw new HttpError(403, MESSAGES.forbidden);
      const result = await sales.take(country, request.params.id, { id: user.id, name: user.name }, salesStatusIds);
      if (!result.ok) {
        if (result.reason === 'not_found') throw new HttpError(404, MESSAGES.leadNotFound);
        throw new HttpError(409, result.reason === 'taken' ? SALES_MESSAGES.alreadyTaken : SALES_MESSAGES.notInSales);
      }
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
        summary: 'Edita los datos del cliente (nombre, apellido, celular, email, domicilio); 409 si la versión no es la actual',
        security,
        params: leadIdParamsSchema,
        body: saleCustomerUpdateSchemas[country],
        response: { 200: saleDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user!;
      const row = await visibleRow(user, request.params.id);
      const body = request.body as SaleCustomerUpdate;
      const saved = await sales.updateCustomer(country, row.id, row.customerId, user.id, body.version, {
        firstName: body.first_name,
        lastName: body.last_name,
        cellphone: body.cellphone,
        email: body.email,
        address: body.address,
      });
      if (!saved) throw new HttpError(409, SALES_MESSAGES.staleCustomer);
      // Names, phone and email are what free-text search and the list show.
      changed();
      return visibleSale(user, row.id);
    },
  );

  app.post(
    '/sales/:id/call-back',
    {
      onRequest: app.authorize('sale-detail'),
      schema: {
        tags: ['sales'],
        summary: 'Programa una llamada (fecha y hora futuras) para el vendedor del lead; queda en el historial',
        security,
        params: leadIdParamsSchema,
        body: scheduleCallBodySchema,
        response: { 200: saleDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user!;
      const row = await visibleRow(user, request.params.id);
      await sales.scheduleCall(country, row.id, {
        // The reminder goes to whoever works the lead; an unassigned lead's call back has no seller yet.
        sellerId: row.sellerId,
        createdBy: user.id,
        at: new Date(request.body.at),
        note: request.body.note,
      });
      return visibleSale(user, row.id);
    },
  );
};

export default salesRoutes;
