import { GRIDS, gridSettingsResponseSchema, gridSettingsSchema } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CountryOptions } from './options';
import { SESSION_SECURITY, errorResponses } from '../responses';
import { signedInUser } from '../../plugins/app/auth';

const errors = errorResponses(400, 401, 403);

/**
 * The signed-in user's own column choice and row density of each list. A list's settings are read and
 * written by whoever may open that list's screen (its own route per list, guarded as the list is); a user
 * only ever reaches their own row.
 */
const gridSettingsRoutes: FastifyPluginAsyncZod<CountryOptions> = async (app) => {
  for (const grid of GRIDS) {
    const onRequest = app.authorize(grid);
    app.get(
      `/grid-settings/${grid}`,
      {
        onRequest,
        schema: {
          tags: ['preferences'],
          summary: `Columnas y densidad de la lista ${grid} del usuario`,
          security: SESSION_SECURITY,
          response: { 200: gridSettingsResponseSchema, ...errors },
        },
      },
      async (request) => ({ settings: await app.gridSettings.get(signedInUser(request).id, grid) }),
    );
    app.put(
      `/grid-settings/${grid}`,
      {
        onRequest,
        schema: {
          tags: ['preferences'],
          summary: `Guarda las columnas y la densidad de la lista ${grid} del usuario (reemplaza las anteriores)`,
          security: SESSION_SECURITY,
          body: gridSettingsSchema,
          response: { 200: gridSettingsResponseSchema, ...errors },
        },
      },
      async (request) => {
        await app.gridSettings.save(signedInUser(request).id, grid, request.body);
        return { settings: request.body };
      },
    );
  }
};

export default gridSettingsRoutes;
