import { exportFormatSchema, listCountSchema, listPageResponseSchema, type Country, type Screen } from '@backoffice/shared';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import type { ListDefinition } from './definition';
import { SESSION_SECURITY, errorResponses } from '../routes/responses';
import { signedInUser } from '../plugins/app/auth';
import { perUserRateLimit } from '../plugins/external/rate-limit';
import { MESSAGES } from '../lib/errors';
import { loggedFilters } from './logged-filters';

type ListQuery = {
  page: number;
  pageSize: number;
  cursor?: string;
  sort?: string;
  dir?: 'asc' | 'desc';
  exactCount?: boolean;
  count?: 'later';
};

/** A list query split into what its count depends on (the filters) and whether the count is exact: page, order and count mode left out. */
export function countRequest<Q extends Partial<ListQuery>>(query: Q): { filters: Omit<Q, keyof ListQuery>; exactCount: boolean } {
  const { sort: _sort, dir: _dir, page: _page, pageSize: _pageSize, cursor: _cursor, exactCount, count: _count, ...filters } = query;
  return { filters, exactCount: exactCount === true };
}

export interface ListRoutesOptions<Q extends z.ZodObject, F, R> {
  country: Country;
  /** '/collections': the page answers there, the export at `${path}/export`. */
  path: string;
  /** Whose roles may read it (SCREEN_ACCESS). */
  screen: Screen;
  tag: string;
  summary: string;
  /** listQuerySchema(sorts, filters) of the list. */
  query: Q;
  row: z.ZodType<R>;
  definition: ListDefinition<F, R>;
  /** The filters of a query, checked (throw invalidData for a value outside a catalogue). */
  filters: (query: z.infer<Q>, request: FastifyRequest) => F | Promise<F>;
}

const errors = errorResponses(400, 401, 403, 429);

/**
 * The routes of a list declared on the engine: its page, its count (asked after a page with `count=later`) and
 * its export, each limited per user (LIST_RATE_LIMIT a minute, EXPORT_RATE_LIMIT an hour), every export on the
 * security log.
 */
export function listRoutes<Q extends z.ZodObject, F, R>(app: FastifyInstance, options: ListRoutesOptions<Q, F, R>): void {
  const { country, path, screen, tag, summary, query, row, definition } = options;
  const typed = app.withTypeProvider<ZodTypeProvider>();
  typed.get(
    path,
    {
      onRequest: app.authorize(screen),
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.lists, '1 minute', MESSAGES.tooManyPages) },
      schema: {
        tags: [tag],
        summary,
        security: SESSION_SECURITY,
        querystring: query,
        response: { 200: listPageResponseSchema(row), ...errors },
      },
    },
    async (request) => {
      const asked = request.query as ListQuery & z.infer<Q>;
      const filters = await options.filters(asked, request);
      return app.lists.page(definition, { country, user: signedInUser(request) }, filters, asked);
    },
  );
  typed.get(
    `${path}/count`,
    {
      onRequest: app.authorize(screen),
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.lists, '1 minute', MESSAGES.tooManyPages) },
      schema: {
        tags: [tag],
        summary: `${summary}: el total con los mismos filtros (lo que una página con count=later dejó para después)`,
        security: SESSION_SECURITY,
        querystring: query,
        response: { 200: listCountSchema, ...errors },
      },
    },
    async (request) => {
      const asked = request.query as ListQuery & z.infer<Q>;
      const filters = await options.filters(asked, request);
      return app.lists.total(definition, { country, user: signedInUser(request) }, filters, asked);
    },
  );
  typed.get(
    `${path}/export`,
    {
      onRequest: app.authorize(screen),
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.exports, '1 hour', MESSAGES.tooManyExports) },
      schema: {
        tags: [tag],
        summary: `${summary}: todo lo filtrado como CSV o XLSX`,
        security: SESSION_SECURITY,
        querystring: query.extend({ format: exportFormatSchema.default('csv') }),
        produces: ['text/csv', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'],
        response: errors,
      },
    },
    async (request, reply) => {
      const asked = request.query as ListQuery & z.infer<Q> & { format: 'csv' | 'xlsx' };
      const filters = await options.filters(asked, request);
      const user = signedInUser(request);
      const logExport = (rows: number) =>
        app.securityEvents.record({
          country,
          type: 'export',
          userId: user.id,
          ip: request.ip,
          details: { list: definition.name, format: asked.format, rows, filters: loggedFilters(query.shape, asked) },
        });
      return app.lists.export(definition, { country, user }, filters, request, reply, { ...asked, counted: logExport });
    },
  );
}
