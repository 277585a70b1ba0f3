import type { ErrorLog } from '@backoffice/shared';

export interface ErrorReporterDeps {
  send: (payload: ErrorLog) => Promise<unknown>;
  currentPath: () => string;
  now?: () => Date;
  console?: Pick<Console, 'error'>;
}

export function errorPayload(error: unknown, info: string | undefined, path: string, now: Date): ErrorLog {
  const err = error instanceof Error ? error : new Error(typeof error === 'string' ? error : (JSON.stringify(error) ?? 'Unknown error'));
  return {
    message: (err.message || err.name || 'Error').slice(0, 2_000),
    stack: err.stack?.slice(0, 20_000),
    info: info?.slice(0, 2_000),
    path: path.slice(0, 2_048) || '/',
    timestamp: now.toISOString(),
  };
}

/**
 * SPEC 7/8: uncaught errors go to the console and to POST /api/log/error. If sending fails only the console
 * is written, and a failure while reporting is never reported again (no loop).
 */
export function createErrorReporter(deps: ErrorReporterDeps) {
  const log = deps.console ?? console;
  let reporting = false;
  return async function report(error: unknown, info?: string): Promise<void> {
    log.error(error);
    if (reporting) return;
    reporting = true;
    try {
      await deps.send(errorPayload(error, info, deps.currentPath(), deps.now?.() ?? new Date()));
    } catch (sendError) {
      log.error('No se pudo registrar el error', sendError);
    } finally {
      reporting = false;
    }
  };
}
