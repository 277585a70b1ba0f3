import fp from 'fastify-plugin';
import { invalidData } from '../../lib/errors';

export const NUL_MESSAGE = 'Tiene un carácter no permitido';

/**
 * The first string in a parsed request part that holds a NUL character, as its field's path
 * ('customer.first_name', 'items.2'), or undefined. Walked with a stack, not recursion: a JSON body nested
 * a hundred thousand levels deep must not overflow the call stack.
 */
export function fieldWithNul(value: unknown): string | undefined {
  const pending: [path: string, value: unknown][] = [['', value]];
  while (pending.length > 0) {
    const [path, current] = pending.pop()!;
    if (typeof current === 'string') {
      if (current.includes('\u0000')) return path;
    } else if (current !== null && typeof current === 'object') {
      for (const [key, child] of Object.entries(current)) pending.push([path ? `${path}.${key}` : key, child]);
    }
  }
  return undefined;
}

/**
 * PostgreSQL text cannot hold the NUL character: a query with one fails (a 500) whatever the route meant to
 * do with it. Every route's params, query and body are checked once here, before validation, and such a
 * request gets a 400 naming the field; nothing is read or written.
 */
export default fp(
  async (app) => {
    app.addHook('preValidation', async (request) => {
      for (const part of [request.params, request.query, request.body]) {
        const field = fieldWithNul(part);
        if (field !== undefined) throw invalidData([{ field: field || 'body', message: NUL_MESSAGE }]);
      }
    });
  },
  { name: 'text-guard' },
);
