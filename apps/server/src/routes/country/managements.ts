import {
  ROLES,
  daysBetween,
  managementDetailSchema,
  managementIdParamsSchema,
  managementListQuerySchema,
  managementRowSchema,
  managementSummaryQuerySchema,
  managementSummarySchema,
  seesTeamManagements,
  todayIn,
  type Country,
  type ManagementSummaryQuery,
} from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { HttpError, invalidData } from '../../lib/errors';
import { listRoutes } from '../../lists/routes';
import { managementsList, searchWords, type ManagementFilters } from '../../lists/managements';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const errors = errorResponses(400, 401, 403, 404);

/** The longest range the list and the summary take: a year of managements. */
export const MANAGEMENT_RANGE_MAX_DAYS = 366;

/** The query's filters, checked: the range defaults to today on the country's clock (either end alone to that one day). */
export function managementFiltersOf(country: Country, query: ManagementSummaryQuery): ManagementFilters {
  const today = todayIn(country);
  const from = query.from ?? query.to ?? today;
  const to = query.to ?? (query.from && query.from > today ? query.from : today);
  if (from > to) throw invalidData([{ field: 'from', message: 'La fecha desde debe ser anterior o igual a la fecha hasta' }]);
  if (daysBetween(from, to) > MANAGEMENT_RANGE_MAX_DAYS)
    throw invalidData([{ field: 'from', message: `El rango admite hasta ${MANAGEMENT_RANGE_MAX_DAYS} días` }]);
  const unknownRole = query.role?.find((role) => !ROLES[country].some((r) => String(r.id) === role));
  if (unknownRole !== undefined) throw invalidData([{ field: 'role', message: `Rol desconocido: ${unknownRole}` }]);
  return {
    from,
    to,
    userIds: query.user,
    roles: query.role,
    channels: query.channel,
    results: query.result,
    subject: query.subject,
    leadId: query.lead_id,
    loanId: query.loan_id,
    words: searchWords(query.q),
  };
}

/**
 * /daily-managements: every management (a seller or collector their own), its export, the day's summary for
 * supervisor, admin and ATC, and one management's detail.
 */
const managementsRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  listRoutes(app, {
    country,
    path: '/daily-managements',
    screen: 'daily-managements',
    tag: 'managements',
    summary: 'Gestiones diarias (por defecto las de hoy; un vendedor o cobrador ve las suyas)',
    query: managementListQuerySchema,
    row: managementRowSchema,
    definition: managementsList,
    filters: (query) => managementFiltersOf(country, query),
  });

  app.get(
    '/daily-managements/summary',
    {
      onRequest: app.authorize('daily-managements'),
      schema: {
        tags: ['managements'],
        summary:
          'Resumen del rango filtrado: gestiones por usuario y hora, resultados por usuario, contactos y próximas acciones (supervisor, admin, ATC)',
        security: SESSION_SECURITY,
        querystring: managementSummaryQuerySchema,
        response: { 200: managementSummarySchema, ...errors },
      },
    },
    async (request) => {
      const user = signedInUser(request);
      if (!seesTeamManagements(country, user.role))
        throw new HttpError(403, 'El resumen del equipo es para supervisor, administrador y ATC');
      return app.managements.summary({ country, user }, managementFiltersOf(country, request.query));
    },
  );

  app.get(
    '/daily-managements/:id',
    {
      onRequest: app.authorize('daily-management'),
      schema: {
        tags: ['managements'],
        summary: 'Una gestión con su solicitud o préstamo, cliente, llamada y lo que pasó después',
        security: SESSION_SECURITY,
        params: managementIdParamsSchema,
        response: { 200: managementDetailSchema, ...errors },
      },
    },
    async (request) => {
      const detail = await app.managements.detail({ country, user: signedInUser(request) }, request.params.id);
      if (!detail) throw new HttpError(404, 'Gestión no encontrada');
      return detail;
    },
  );
};

export default managementsRoutes;
