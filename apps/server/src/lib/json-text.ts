import type { FastifyReply } from 'fastify';

/**
 * The JSON text of a `T`, put together without JSON.stringify (list rows rendered by PostgreSQL): routes
 * send it as it is. The type keeps what the text claims to be; the tests parse it with the schema.
 */
export type JsonText<T> = string & { readonly jsonOf?: T };

/** Sends JSON text as the body: Fastify passes a string with a JSON content type through unserialised. */
export function sendJsonText<T>(reply: FastifyReply, body: JsonText<T>): T {
  void reply.type('application/json; charset=utf-8');
  // The route's declared answer is a T; Fastify sends the string as it is.
  return body as unknown as T;
}
