import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import fp from 'fastify-plugin';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { HttpError, MESSAGES } from '../../lib/errors';

export const DOCS_PREFIX = '/api/docs';

/**
 * OpenAPI generated from the zod route schemas (the shared package's), browsable at /api/docs; with
 * API_DOCS_REQUIRE_SESSION, only with a session (the guard is asked at request time, once auth is registered).
 */
export default fp(
  async (app) => {
    await app.register(swagger, {
      openapi: {
        info: { title: 'Back-office API', description: 'API del back-office (arg y col)', version: '0.1.0' },
        components: {
          securitySchemes: {
            cookie: { type: 'apiKey', in: 'cookie', name: 'sid' },
            bearer: { type: 'http', scheme: 'bearer' },
          },
        },
      },
      transform: createJsonSchemaTransform({ skipList: [`${DOCS_PREFIX}/*`] }),
      transformObject: jsonSchemaTransformObject,
    });
    await app.register(swaggerUi, {
      routePrefix: DOCS_PREFIX,
      // In production (API_DOCS_REQUIRE_SESSION) the map of the API is for signed-in users only, of either country.
      uiHooks: app.config.apiDocsRequireSession
        ? {
            onRequest: async (request) => {
              if (!(await app.currentUser(request))) throw new HttpError(401, MESSAGES.notSignedIn);
            },
          }
        : undefined,
    });
  },
  { name: 'swagger', dependencies: ['config'] },
);
