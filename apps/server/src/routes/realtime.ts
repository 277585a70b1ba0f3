import { realtimeConfigSchema } from '@backoffice/shared';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';

/**
 * The bridge's public runtime configuration: where the web app's socket connects. Read at run time rather
 * than baked into the build, so one build serves any deployment (own origin, or a separate public address).
 */
const realtime: FastifyPluginAsyncZod = async (app) => {
  const { enabled, publicUrl, path } = app.config.realtime;
  const body = { enabled, url: publicUrl ?? null, path };
  app.get(
    '/realtime',
    {
      schema: {
        tags: ['realtime'],
        summary: 'Dirección y ruta del puente en tiempo real (socket.io)',
        response: { 200: realtimeConfigSchema },
      },
    },
    async () => body,
  );
};

export default realtime;
