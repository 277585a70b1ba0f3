import type { IncomingMessage, ServerResponse } from 'node:http';
import fp from 'fastify-plugin';
import helmet, { type HelmetOptions } from 'helmet';

/**
 * Helmet's headers for the whole configuration, computed once: helmet's middleware only sets fixed
 * headers (no nonces here), while @fastify/helmet re-creates it, re-parsing the CSP, on every request.
 */
export function securityHeaders(options: HelmetOptions): Record<string, string> {
  const headers: Record<string, string> = {};
  const response = {
    setHeader: (name: string, value: string | number) => void (headers[name.toLowerCase()] = String(value)),
    removeHeader: (name: string) => void delete headers[name.toLowerCase()],
  };
  helmet(options)({} as IncomingMessage, response as unknown as ServerResponse, (error?: unknown) => {
    if (error) throw error;
  });
  return headers;
}

/**
 * Security headers with a CSP that fits the built SPA: its scripts are files ('self'); MUI/emotion inject
 * <style> tags at run time ('unsafe-inline' styles only); images may be data: URIs; the realtime bridge
 * uses websockets. On every answer, API and static files alike.
 */
export default fp(
  async (app) => {
    const secure = app.config.cookieSecure;
    const headers = securityHeaders({
      contentSecurityPolicy: {
        directives: {
          defaultSrc: ["'self'"],
          scriptSrc: ["'self'"],
          styleSrc: ["'self'", "'unsafe-inline'"],
          imgSrc: ["'self'", 'data:'],
          fontSrc: ["'self'", 'data:'],
          connectSrc: ["'self'", 'ws:', 'wss:'],
          objectSrc: ["'none'"],
          frameAncestors: ["'none'"],
          // Over plain http (local, behind no TLS) upgrading would break every asset.
          upgradeInsecureRequests: secure ? [] : null,
        },
      },
      // HSTS only makes sense when the site is served over https (the same switch as secure cookies).
      strictTransportSecurity: secure,
    });
    app.addHook('onRequest', (_request, reply, done) => {
      reply.headers(headers);
      done();
    });
  },
  { name: 'helmet' },
);
