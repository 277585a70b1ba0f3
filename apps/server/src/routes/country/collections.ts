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
  promiseRatesQuerySchema,
  promiseRatesResponseSchema,
  todayIn,
  type CollectionListQuery,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, invalidData } from '../../lib/errors';
import { listRoutes } from '../../lists/routes';
import { COLLECTIONS_LIST, isCollector } from '../../repositories/collections';
import { COLLECTION_MESSAGES, CollectionsService, canAssign, dueDateBounds } from '../../services/collections';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const errors = errorResponses(400, 401, 403, 404, 409);
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
    filters: (query, request) => service.searched(service.filters(query, signedInUser(request))),
  });

  app.get(
    '/collections/settings',
    {
      onRequest: app.authorize('collections'),
      schema: {
        tags: ['collections'],
        summary: 'Límites del filtro de vencimiento (SPEC 9, del entorno) y los cobradores del país',
        security: SESSION_SECURITY,
        response: { 200: collectionSettingsSchema, ...errors },
      },
    },
    async () => {
      const bounds = dueDateBounds(app, country);
      return {
        due_date_min: bounds.min,
        due_date_max: bounds.max,
        collectors: await app.collections.collectors(country),
        bulk_assign_max: COLLECTION_BULK_ASSIGN_MAX,
      };
    },
  );

  app.get(
    '/collections/promise-rates',
    {
      onRequest: app.authorize('collections'),
      schema: {
        tags: ['collections'],
        summary: 'Promesas cumplidas e incumplidas por cobrador (por fecha de la promesa; un cobrador ve las suyas)',
        security: SESSION_SECURITY,
        querystring: promiseRatesQuerySchema,
        response: { 200: promiseRatesResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
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
        security: SESSION_SECURITY,
        querystring: collectionListQuerySchema,
        body: assignCollectorBodySchema,
        response: { 200: bulkAssignResponseSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
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
        security: SESSION_SECURITY,
        params: collectionIdParamsSchema,
        response: { 200: collectionDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
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
        description:
          'Una sola transacción: la gestión, su fila en la historia, la próxima acción del préstamo y, si es promesa, la promesa (la anterior pendiente queda cancelada).',
        security: SESSION_SECURITY,
        params: collectionIdParamsSchema,
        body: collectionManagementBodySchema,
        response: { 200: collectionDetailSchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      const saved = await app.collections.recordManagement(country, request.params.id, user, service.ownOnly(user), request.body);
      if (!saved.ok)
        throw new HttpError(
          saved.reason === 'not_found' ? 404 : 403,
          saved.reason === 'not_found' ? COLLECTION_MESSAGES.notFound : COLLECTION_MESSAGES.notYours,
        );
      app.lists.changed(COLLECTIONS_LIST);
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
        security: SESSION_SECURITY,
        params: collectionIdParamsSchema,
        body: assignCollectorBodySchema,
        response: { 200: bulkAssignResponseSchema, ...errors },
      },
    },
    async (request) => service.assign(signedInUser(request), request.body.collector_id, { loanId: request.params.id }),
  );
};

export default collectionsRoutes;
