/**
 * Whether PostgreSQL is reachable, as this node last saw it: a connection error (refused, reset, ended under a
 * query, the server shutting down or starting up) marks it away, a new connection made marks it back. The
 * health endpoint reads it without a query of its own while all is well.
 */
export class DatabaseAvailability {
  private awaySince: Date | null = null;

  get away(): boolean {
    return this.awaySince !== null;
  }

  get since(): Date | null {
    return this.awaySince;
  }

  markAway(): void {
    this.awaySince ??= new Date();
  }

  markBack(): void {
    this.awaySince = null;
  }
}

/** Node's socket errors of a connection that could not be made or was lost. */
const SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN']);
/** SQLSTATE: class 08 (connection exception), and the server shutting down, crashed or not ready to accept connections. */
const SQLSTATES = new Set(['57P01', '57P02', '57P03']);
/** pg's own errors when the connection ends under a query or cannot be made in time. */
const PG_MESSAGES = [
  /Connection terminated/i,
  /timeout exceeded when trying to connect/i,
  /Client has encountered a connection error/i,
  /Connection ended/i,
];

/** Whether an error (or one it wraps: Drizzle wraps the driver's) says the database connection failed. */
export function isDatabaseUnavailable(error: unknown): boolean {
  for (let e = error, depth = 0; e && typeof e === 'object' && depth < 5; e = (e as { cause?: unknown }).cause, depth++) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (SOCKET_CODES.has(code) || code.startsWith('08') || SQLSTATES.has(code))) return true;
    if (typeof message === 'string' && PG_MESSAGES.some((re) => re.test(message))) return true;
  }
  return false;
}
