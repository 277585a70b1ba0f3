import { errorBodySchema } from '@backoffice/shared';

/** A signed-in route's OpenAPI security: the session cookie or a Bearer token. */
export const SESSION_SECURITY: { [label: string]: string[] }[] = [{ cookie: [] }, { bearer: [] }];

/** The error answers a route declares (each the one error body), keyed by their status codes. */
export function errorResponses<const C extends number>(...codes: C[]): { [K in C]: typeof errorBodySchema } {
  return Object.fromEntries(codes.map((code) => [code, errorBodySchema])) as { [K in C]: typeof errorBodySchema };
}
