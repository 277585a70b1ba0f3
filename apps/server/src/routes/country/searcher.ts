import { SEARCHER_LIMIT, errorBodySchema, isSellerOrWoAssignation, searcherQuerySchema, searcherResponseSchema } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CountryOptions } from './index';

const security: { [label: string]: string[] }[] = [{ cookie: [] }, { bearer: [] }];

const searcherRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  app.get(
    '/searcher',
    {
      onRequest: app.authorize('searcher'),
      schema: {
        tags: ['searcher'],
        summary: 'Busca clientes por documento, CUIL, celular, email o nombre (fragmentos incluidos), con sus solicitudes',
        description:
          `Hasta ${SEARCHER_LIMIT} clientes, los más nuevos primero (\`more\` avisa que hay más: conviene precisar el texto), ` +
          'cada uno con sus solicitudes más recientes. Un vendedor encuentra solo los clientes de sus leads.',
        security,
        querystring: searcherQuerySchema,
        response: { 200: searcherResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema },
      },
    },
    async (request) => {
      const user = request.user!;
      const ownSellerId = isSellerOrWoAssignation(country, user.role) ? user.id : undefined;
      return app.searcher.search({ country, ownSellerId }, request.query.q!);
    },
  );
};

export default searcherRoutes;
