import { GRIDS, errorBodySchema, gridSettingsResponseSchema, gridSettingsSchema } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { CountryOptions } from './options';

const security: { [label: string]: string[] }[] = [{ cookie: [] }, { bearer: [] }];
const errors = { 400: errorBodySchema, 401: errorBodySchema, 403: errorBodySchema };

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
        schema: { tags: ['preferences'], summary: `Columnas y densidad de la lista ${grid} del usuario`, security, response: { 200: gridSettingsResponseSchema, ...errors } },
      },
      async (request) => ({ settings: await app.gridSettings.get(request.user!.id, grid) }),
    );
    app.put(
      `/grid-settings/${grid}`,
      {
        onRequest,
        schema: {
          tags: ['preferences'],
          summary: `Guarda las columnas y la densidad de la lista ${grid} del usuario (reemplaza las anteriores)`,
          security,
          body: gridSettingsSchema,
          response: { 200: gridSettingsResponseSchema, ...errors },
        },
      },
      async (request) => {
        await app.gridSettings.save(request.user!.id, grid, request.body);
        return { settings: request.body };
      },
    );
  }
};

export default gridSettingsRoutes;
