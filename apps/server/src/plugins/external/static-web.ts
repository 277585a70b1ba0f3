import { existsSync } from 'node:fs';
import { join, sep } from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyReply } from 'fastify';
import fp from 'fastify-plugin';
import { HttpError, MESSAGES } from '../../lib/errors';

export const NOT_BUILT_MESSAGE = 'La aplicación web no está construida. Ejecuta `npm run build` y vuelve a iniciar el servidor.';

/**
 * Cache policy by file: hashed build assets never change; the manifest and index must be re-checked. `sent` is
 * the file sent, which may be the build's compressed copy (`index.html.br`): its policy is the original's.
 */
function cacheControlFor(sent: string): string {
  const path = sent.replace(/\.(?:br|gz)$/, '');
  if (path.includes(`${sep}assets${sep}`)) return 'public, max-age=31536000, immutable';
  if (path.endsWith('.html') || path.includes(`${sep}builds${sep}`)) return 'no-cache';
  return 'public, max-age=3600';
}

/**
 * Serves the built SPA from WEB_DIST and answers every other unknown GET with its index.html, so client
 * routes (/leads, /lead-detail?id=1) work on reload. Unknown /api paths stay JSON 404s. Without a build
 * (tests, a fresh clone) pages answer a short 404 text instead of failing.
 */
export default fp(
  async (app) => {
    const root = app.config.webDist;
    const built = existsSync(join(root, 'index.html'));
    if (built) {
      await app.register(fastifyStatic, {
        root,
        // The index is sent by the not-found handler below, with the same headers for every client route.
        index: false,
        dotfiles: 'ignore',
        // The build writes a brotli and a gzip copy of each text file (apps/web/build/precompress.ts): the one
        // the browser accepts is sent, four times smaller than the file, at no CPU cost per request.
        preCompressed: true,
        cacheControl: false,
        setHeaders: (reply, path) => {
          reply.header('cache-control', cacheControlFor(path));
        },
      });
    } else {
      app.log.warn({ webDist: root }, 'web app not built: pages answer 404 until `npm run build`');
    }

    const sendIndex = (reply: FastifyReply) => reply.header('cache-control', 'no-cache').sendFile('index.html');
    // '/' is the root folder itself, which the static handler refuses (no directory index): answer the SPA.
    if (built) app.get('/', { schema: { hide: true } }, (_request, reply) => sendIndex(reply));

    app.setNotFoundHandler(async (request, reply) => {
      const [path = ''] = request.url.split('?', 1);
      if (path === '/api' || path.startsWith('/api/') || (request.method !== 'GET' && request.method !== 'HEAD')) {
        throw new HttpError(404, MESSAGES.notFound(request.method, path));
      }
      // A missing file (it has an extension) is a 404, never the index served as JavaScript or an image.
      const lastSegment = path.slice(path.lastIndexOf('/') + 1);
      if (!built || lastSegment.includes('.')) {
        return reply
          .code(404)
          .type('text/plain; charset=utf-8')
          .send(built ? `No encontrado: ${path}` : NOT_BUILT_MESSAGE);
      }
      return sendIndex(reply);
    });
  },
  { name: 'static-web', dependencies: ['config'] },
);
