import fp from 'fastify-plugin';
import { invalidData } from '../../lib/errors';

export const NUL_MESSAGE = 'Tiene un carácter no permitido';

/**
 * Characters no field of ours holds: control characters but tab and line breaks (an escape sequence in an
 * address would reach every export and terminal), UTF-16 halves without their pair (PostgreSQL would
 * store them as U+FFFD, silently not what was sent) and U+FFFD itself, what bytes that are not UTF-8 decode
 * to (a body sent in Latin-1: 'Nu\xf1ez' would be stored as 'Nu�ez').
 */
const FORBIDDEN =
  // eslint-disable-next-line no-control-regex -- finding control characters is what it is for
  /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F\uFFFD]|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/**
 * The first string in a parsed request part that holds a forbidden character (NUL among them), as its
 * field's path ('customer.first_name', 'items.2'), or undefined. Walked with a stack, not recursion: a JSON body nested
 * a hundred thousand levels deep must not overflow the call stack.
 */
export function fieldWithForbiddenChar(value: unknown): string | undefined {
  const pending: [path: string, value: unknown][] = [['', value]];
  while (pending.length > 0) {
    const [path, current] = pending.pop()!;
    if (typeof current === 'string') {
      if (FORBIDDEN.test(current)) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) pending.push([path ? `${path}.${key}` : key, child]);
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold the NUL character: a query with one fails (a 500) whatever the route meant to
 * do with it; the other forbidden characters would be stored. Every route's params, query and body are
 * checked once here, before validation, and such a request gets a 400 naming the field; nothing is read
 * or written.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const field = fieldWithForbiddenChar(part);
        if (field !== undefined) throw invalidData([{ field: field || 'body', message: NUL_MESSAGE }]);
      }
    });
  },
  { name: 'text-guard' },
);
