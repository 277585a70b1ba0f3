import helmet from '@fastify/helmet';
import fp from 'fastify-plugin';

/**
 * Security headers with a CSP that fits the built SPA: its scripts are files ('self'); MUI/emotion inject
 * <style> tags at run time ('unsafe-inline' styles only); images may be data: URIs; the realtime bridge
 * uses websockets.
 */
export default fp(
  async (app) => {
    const secure = app.config.cookieSecure;
    await app.register(helmet, {
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
  },
  { name: 'helmet' },
);
