import { SEARCHER_LIMIT, errorBodySchema, isSellerOrWoAssignation, searcherQuerySchema, searcherResponseSchema } from '@backoffice/shared';
import { serializerCompiler as zodSerializerCompiler, type FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { perUserRateLimit } from '../../plugins/external/rate-limit';
import type { CountryOptions } from './options';
import { SESSION_SECURITY } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const searcherRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app, { country }) => {
  app.get(
    '/searcher',
    {
      onRequest: app.authorize('searcher'),
      // Per user: a script walking documents or names learns other sellers' customers (plugins/external/rate-limit.ts).
      config: { rateLimit: perUserRateLimit(app.config.rateLimits.searcher) },
      schema: {
        tags: ['searcher'],
        summary: 'Busca clientes por documento, CUIL, celular, email o nombre (fragmentos incluidos), con sus solicitudes',
        description:
          `Hasta ${SEARCHER_LIMIT} clientes, los más nuevos primero (\`more\` avisa que hay más: conviene precisar el texto), ` +
          'cada uno con sus solicitudes más recientes. Un vendedor encuentra solo los clientes de sus leads.',
        security: SESSION_SECURITY,
        querystring: searcherQuerySchema,
        response: { 200: searcherResponseSchema, 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema, 429: errorBodySchema },
      },
      // The navbar's search, at every keystroke: its answer, built field by field and typed against the
      // schema at compile time, is written with JSON.stringify rather than re-encoded by zod on every request
      // (~40 µs of a ~400 µs request); the schema still documents it, errors keep the default serializer.
      serializerCompiler: (route) =>
        route.httpStatus === '200'
          ? (data: unknown) => JSON.stringify(data)
          : zodSerializerCompiler(route as unknown as Parameters<typeof zodSerializerCompiler>[0]),
    },
    async (request) => {
      const user = signedInUser(request);
      const ownSellerId = isSellerOrWoAssignation(country, user.role) ? user.id : undefined;
      return app.searcher.search({ country, ownSellerId }, request.query.q!);
    },
  );
};

export default searcherRoutes;
