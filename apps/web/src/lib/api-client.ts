import { MESSAGES, type FieldError } from '@backoffice/shared';
import { COUNTRY } from '../config/env';
import { sessionActivity } from './session-activity';
import { say } from './voice';

/** SPEC 7: statuses worth one more try, for methods that carry no body. */
const RETRY_STATUSES = new Set([408, 409, 425, 429, 500, 502, 503, 504]);
const BODYLESS_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const MAX_RETRIES = 1;

export function shouldRetry(method: string, status: number, attempt: number): boolean {
  return attempt < MAX_RETRIES && BODYLESS_METHODS.has(method.toUpperCase()) && RETRY_STATUSES.has(status);
}

export class ApiError extends Error {
  readonly status: number;
  readonly statusMessage: string;
  readonly fields: FieldError[];

  constructor(status: number, statusMessage: string, fields: FieldError[] = []) {
    super(statusMessage);
    this.name = 'ApiError';
    this.status = status;
    this.statusMessage = statusMessage;
    this.fields = fields;
  }
}

/**
 * An error as a person reads it: a 400's reasons without the API's field names ("to: …"), after `subject`
 * ("Revisa los filtros"); any other error's own message.
 */
export function describeError(error: Error, subject: string): string {
  const reasons = error instanceof ApiError && error.status === 400 ? error.fields.map((field) => field.message) : [];
  return reasons.length > 0 ? `${subject}: ${reasons.join(' · ')}` : error.message;
}

export const XSRF_COOKIE = 'XSRF-TOKEN';
export const XSRF_HEADER = 'X-XSRF-TOKEN';

export function readCookie(cookieString: string, name: string): string | undefined {
  for (const part of cookieString.split(';')) {
    const [key, ...rest] = part.trim().split('=');
    if (key === name) return decodeURIComponent(rest.join('='));
  }
  return undefined;
}

export interface RequestOptions {
  method?: string;
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  signal?: AbortSignal;
  /** Return the raw Response (downloads, streams) instead of parsed JSON. */
  raw?: boolean;
  headers?: Record<string, string>;
  /** A call the app makes on its own, on a timer: the server does not count it as use (idle timeout). */
  background?: boolean;
}

export interface ApiClientDeps {
  fetch: typeof fetch;
  cookies: () => string;
  /** Called as each call the user caused goes out (not background ones): the idle timeout's clock. */
  onActivity?: () => void;
}

/** Product paths are per country (`/api/{country}/...`); paths starting with `/` are absolute. */
export function resolvePath(path: string, country = COUNTRY): string {
  return path.startsWith('/') ? path : `/api/${country}/${path}`;
}

function withQuery(url: string, query: RequestOptions['query']): string {
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text ? `${url}${url.includes('?') ? '&' : '?'}${text}` : url;
}

async function errorOf(response: Response): Promise<ApiError> {
  let message: string = MESSAGES.unexpectedError;
  let fields: FieldError[] = [];
  try {
    const body = (await response.json()) as { statusMessage?: string; message?: string; fields?: FieldError[] };
    message = body.statusMessage ?? body.message ?? message;
    fields = body.fields ?? [];
  } catch {
    // Not JSON (a proxy's page, an empty body): keep the generic message.
  }
  return new ApiError(response.status, message, fields);
}

/**
 * The HTTP client: cookies always travel (`credentials: 'include'`), the XSRF cookie is echoed in its
 * header, no default timeout (callers pass a signal), and one retry for SPEC 7's statuses on bodyless methods.
 */
export function createApiClient(deps: ApiClientDeps) {
  async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
    const method = (options.method ?? 'GET').toUpperCase();
    const url = withQuery(resolvePath(path), options.query);
    const headers: Record<string, string> = { Accept: 'application/json', ...options.headers };
    const xsrf = readCookie(deps.cookies(), XSRF_COOKIE);
    if (xsrf) headers[XSRF_HEADER] = xsrf;
    if (options.body !== undefined) headers['Content-Type'] = 'application/json';
    if (!options.background) deps.onActivity?.();

    for (let attempt = 0; ; attempt++) {
      let response: Response;
      try {
        response = await deps.fetch(url, {
          method,
          headers,
          credentials: 'include',
          body: options.body === undefined ? undefined : JSON.stringify(options.body),
          signal: options.signal,
        });
      } catch (error) {
        // A cancelled request stays a cancellation (the query layer and downloads tell it apart by name).
        if (options.signal?.aborted || (error instanceof Error && error.name === 'AbortError')) throw error;
        // No answer at all (server down, network gone): the browser's "Failed to fetch" says nothing to a person.
        throw new ApiError(0, say(MESSAGES.networkError));
      }
      if (response.ok) {
        if (options.raw) return response as T;
        if (response.status === 204) return undefined as T;
        return (await response.json()) as T;
      }
      if (!shouldRetry(method, response.status, attempt)) throw await errorOf(response);
    }
  }

  return {
    request,
    get: <T>(path: string, options?: Omit<RequestOptions, 'method' | 'body'>) => request<T>(path, options),
    post: <T>(path: string, body?: unknown, options?: Pick<RequestOptions, 'headers'>) =>
      request<T>(path, { ...options, method: 'POST', body: body ?? {} }),
    patch: <T>(path: string, body: unknown) => request<T>(path, { method: 'PATCH', body }),
    put: <T>(path: string, body: unknown) => request<T>(path, { method: 'PUT', body }),
    delete: <T>(path: string) => request<T>(path, { method: 'DELETE' }),
  };
}

export type ApiClient = ReturnType<typeof createApiClient>;

export const api: ApiClient = createApiClient({
  fetch: (...args) => globalThis.fetch(...args),
  onActivity: () => sessionActivity.touch(),
  cookies: () => (typeof document === 'undefined' ? '' : document.cookie),
});
