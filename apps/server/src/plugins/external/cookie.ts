import cookie from '@fastify/cookie';
import fp from 'fastify-plugin';

/** Unsigned cookies: the session token is random and checked in the database, XSRF is double-submit. */
export default fp(
  async (app) => {
    await app.register(cookie);
  },
  { name: 'cookie' },
);
