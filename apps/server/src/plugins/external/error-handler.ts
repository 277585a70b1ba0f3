import { STATUS_CODES } from 'node:http';
import type { Socket } from 'node:net';
import { type Country, type ErrorBody, type FieldError, inVoice, isCountry } from '@backoffice/shared';
import type { ConnectionError, FastifyBaseLogger, FastifyError, FastifySchemaValidationError } from 'fastify';
import fp from 'fastify-plugin';
import { isDatabaseUnavailable } from '../../lib/database-availability';
import { HttpError, MESSAGES, invalidData } from '../../lib/errors';

/** Fastify's own 4xx errors, said in Spanish like the rest of the API. */
const FASTIFY_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_BODY_TOO_LARGE: MESSAGES.bodyTooLarge,
  FST_ERR_CTP_INVALID_MEDIA_TYPE: MESSAGES.unsupportedMediaType,
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: MESSAGES.invalidJson,
  FST_ERR_CTP_EMPTY_JSON_BODY: MESSAGES.invalidJson,
  FST_ERR_CTP_INVALID_JSON_BODY: MESSAGES.invalidJson,
};

/** Node's parser errors (the server's 'clientError'): status and Spanish message; anything else is a 400. */
const CLIENT_ERRORS: Record<string, [number, string]> = {
  // The request line and headers over Node's --max-http-header-size (16 KiB): e.g. a 20 KB query string.
  HPE_HEADER_OVERFLOW: [431, MESSAGES.requestTooLarge],
  HPE_CHUNK_EXTENSIONS_OVERFLOW: [413, MESSAGES.requestTooLarge],
  ERR_HTTP_REQUEST_TIMEOUT: [408, MESSAGES.requestTimeout],
};

/**
 * Fastify's `clientErrorHandler`: what Node refuses before any request exists (no route, hook or error
 * handler runs) answers the one error body too, in Spanish, instead of Fastify's English default. Written
 * on the socket, which is then closed, as Node and Fastify do.
 */
export function answerClientError(this: { log: FastifyBaseLogger }, error: ConnectionError, socket: Socket): void {
  // A reset connection has no one to answer.
  if (error.code === 'ECONNRESET' || socket.destroyed) return;
  const [statusCode, message] = CLIENT_ERRORS[error.code] ?? [400, MESSAGES.malformedRequest];
  this.log.info({ statusCode, code: error.code }, 'request refused by the HTTP parser');
  // Not when a response on this connection has started (keep-alive): its bytes would be mixed.
  const inFlight = (socket as Socket & { _httpMessage?: { headersSent?: boolean } })._httpMessage;
  if (socket.writable && !inFlight?.headersSent) {
    const status = STATUS_CODES[statusCode] ?? 'Error';
    const body: ErrorBody = { statusCode, error: status, message, statusMessage: message };
    const text = JSON.stringify(body);
    socket.write(
      `HTTP/1.1 ${statusCode} ${status}\r\nContent-Type: application/json; charset=utf-8\r\n` +
        `Content-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n${text}`,
    );
  }
  socket.destroy(error);
}

/** '/user/email' → 'user.email'; an error on the whole body or query names that part. */
export function fieldOf(issue: FastifySchemaValidationError, context: string | undefined): string {
  const path = issue.instancePath.split('/').filter(Boolean).join('.');
  return path || context || 'body';
}

/** The country of a request to /api/{country}/…; none for the country-less routes (health, auth's own). */
function countryOfUrl(url: string): Country | undefined {
  const country = /^\/api\/([a-z]+)\//.exec(url)?.[1];
  return isCountry(country) ? country : undefined;
}

/**
 * The one error handler: every error answers errorBodySchema. 4xx keep their message (they are written
 * for the user); 5xx are logged in full and answer a generic message, so internals never leak.
 */
export default fp(
  async (app) => {
    app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
      let statusCode: number;
      let message: string;
      let fields: FieldError[] | undefined;

      if ('validation' in error && error.validation) {
        const list = error.validation.map((issue) => ({
          field: fieldOf(issue, error.validationContext),
          message: issue.message ?? 'valor inválido',
        }));
        fields = list;
        ({ statusCode, message } = invalidData(list));
      } else if (error instanceof HttpError) {
        ({ statusCode, message, fields } = error);
        if (error.headers) void reply.headers(error.headers);
      } else if (isDatabaseUnavailable(error)) {
        // The database is away (restarting, unreachable): a clean 503 the client may retry, not a 500.
        app.database?.availability?.markAway();
        statusCode = 503;
        message = MESSAGES.databaseUnavailable;
        void reply.header('retry-after', '5');
      } else {
        statusCode = error.statusCode && error.statusCode >= 400 && error.statusCode < 600 ? error.statusCode : 500;
        message = ('code' in error && FASTIFY_MESSAGES[error.code]) || error.message;
        if (statusCode === 429) message = MESSAGES.tooManyRequests;
      }

      if (statusCode >= 500) {
        request.log.error({ err: error }, 'request failed');
        // Our own HttpErrors are written for users (e.g. 503 'Base de datos no disponible'); anything else
        // may carry internals (SQL, hosts) and is replaced.
        if (!(error instanceof HttpError) && message !== MESSAGES.databaseUnavailable) {
          message = MESSAGES.internal;
          fields = undefined;
        }
      } else {
        request.log.info({ statusCode, message }, 'request refused');
      }

      // Messages are written in tú; a country's request hears them in its voice (arg voseo, col usted).
      const country = countryOfUrl(request.url);
      if (country) {
        message = inVoice(country, message);
        fields = fields?.map((field) => ({ ...field, message: inVoice(country, field.message) }));
      }

      const body: ErrorBody = {
        statusCode,
        error: STATUS_CODES[statusCode] ?? 'Error',
        message,
        statusMessage: message,
        ...(fields ? { fields } : {}),
      };
      return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'error-handler' },
);
