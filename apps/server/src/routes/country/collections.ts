import {
  COLLECTION_BULK_ASSIGN_MAX,
  addDays,
  assignCollectorBodySchema,
  bulkAssignResponseSchema,
  collectionDetailSchema,
  collectionIdParamsSchema,
  collectionListQuerySchema,
  collectionManagementBodySchema,
  collectionRowSchema,
  collectionSettingsSchema,
  errorBodySchema,
  promiseRatesQuerySchema,
  promiseRatesResponseSchema,
  todayIn,
  type CollectionListQuery,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, invalidData } from '../../lib/errors';
import { listRoutes } from '../../lists/routes';
import { isCollector } from '../../repositories/collections';
import { COLLECTION_MESSAGES, CollectionsService, canAssign, dueDateBounds } from '../../services/collections';
import type { CountryOptions } from './options';

const security: { [label: string]: string[] }[] = [{ cookie: [] }, { bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 404: errorBodySchema, 409: errorBodySchema };
const ratio = (part: number, whole: number) => (whole === 0 ? 0 : part / whole);

/** The collections desk: /collections (list, export, bulk assignment), a loan's detail, managements, assignment. */
const collectionsRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  const service = new CollectionsService(app, country);

  listRoutes(app, {
    country,
    path: '/collections',
    screen: 'collections',
    tag: 'collections',
    summary: 'Cobranzas: préstamos en mora (el cobrador, su cartera), filtros, orden y conteo acotado',
    query: collectionListQuerySchema,
    row: collectionRowSchema,
    definition: service.list,
    filters: (query, request) => service.filters(query, request.user!),
  });

  app.get(
    '/collections/settings',
    {
      onRequest: app.authorize('collections'),
      schema: {
        tags: ['collections'],
        summary: 'Límites del filtro de vencimiento (SPEC 9, del entorno) y los cobradores del país',
        security,
        response: { 200: collectionSettingsSchema, ...errors },
      },
    },
    async () => {
      const bounds = dueDateBounds(app, country);
      return { due_date_min: bounds.min, due_date_max: bounds.max, collectors: await app.collections.collectors(country), bulk_assign_max: COLLECTION_BULK_ASSIGN_MAX };
    },
  );

  app.get(
    '/collections/promise-rates',
    {
      onRequest: app.authorize('collections'),
      schema: {
        tags: ['collections'],
        summary: 'Promesas cumplidas e incumplidas por cobrador (por fecha de la promesa; un cobrador ve las suyas)',
        security,
        querystring: promiseRatesQuerySchema,
        response: { 200: promiseRatesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user!;
      const to = request.query.to ?? todayIn(country);
      const from = request.query.from ?? addDays(to, -29);
      if (to < from) throw invalidData([{ field: 'to', message: 'La fecha hasta no puede ser anterior a la fecha desde' }]);
      const rows = await app.collections.promiseRates(country, { from, to }, isCollector(country, user.role) ? user.id : undefined);
      return {
        from,
        to,
        rows: rows.map((row) => ({
          ...row,
          kept_rate: ratio(row.kept, row.kept + row.broken),
          broken_rate: ratio(row.broken, row.kept + row.broken),
        })),
      };
    },
  );

  app.post(
    '/collections/assign',
    {
      onRequest: app.authorize('collections'),
      schema: {
        tags: ['collections'],
        summary: `Asigna a un cobrador todos los préstamos del filtro (los mismos filtros de la lista; hasta ${COLLECTION_BULK_ASSIGN_MAX}, en una sola sentencia)`,
        security,
        querystring: collectionListQuerySchema,
        body: assignCollectorBodySchema,
        response: { 200: bulkAssignResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user!;
      if (!canAssign(country, user.role)) throw new HttpError(403, COLLECTION_MESSAGES.onlyAssigners);
      const filters = service.filters(request.query as CollectionListQuery, user);
      return service.assign(user, request.body.collector_id, { filters });
    },
  );

  app.get(
    '/collections/:id',
    {
      onRequest: app.authorize('collection-detail'),
      schema: {
        tags: ['collections'],
        summary: 'Detalle de cobranza: cliente, saldo, mora, tramo, cobrador, promesas y la historia del préstamo',
        security,
        params: collectionIdParamsSchema,
        response: { 200: collectionDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user!;
      await service.readable(user, request.params.id);
      const detail = await app.collections.detail(country, request.params.id);
      if (!detail) throw new HttpError(404, COLLECTION_MESSAGES.notFound);
      return { ...detail, can_write: true, can_assign: canAssign(country, user.role) };
    },
  );

  app.post(
    '/collections/:id/managements',
    {
      onRequest: app.authorize('collection-detail'),
      schema: {
        tags: ['collections'],
        summary: 'Registra una gestión (canal, resultado, nota, próxima acción; promesa de pago con fecha y monto)',
        description: 'Una sola transacción: la gestión, su fila en la historia, la próxima acción del préstamo y, si es promesa, la promesa (la anterior pendiente queda cancelada).',
        security,
        params: collectionIdParamsSchema,
        body: collectionManagementBodySchema,
        response: { 200: collectionDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = request.user!;
      const saved = await app.collections.recordManagement(country, request.params.id, user, service.ownOnly(user), request.body);
      if (!saved.ok) throw new HttpError(saved.reason === 'not_found' ? 404 : 403, saved.reason === 'not_found' ? COLLECTION_MESSAGES.notFound : COLLECTION_MESSAGES.notYours);
      const detail = await app.collections.detail(country, request.params.id);
      return { ...detail!, can_write: true, can_assign: canAssign(country, user.role) };
    },
  );

  app.post(
    '/collections/:id/assign',
    {
      onRequest: app.authorize('collection-detail'),
      schema: {
        tags: ['collections'],
        summary: 'Asigna o reasigna el préstamo a un cobrador (supervisor y admin); queda en la historia',
        security,
        params: collectionIdParamsSchema,
        body: assignCollectorBodySchema,
        response: { 200: bulkAssignResponseSchema, ...errors },
      },
    },
    async (request) => service.assign(request.user!, request.body.collector_id, { loanId: request.params.id }),
  );
};

export default collectionsRoutes;
