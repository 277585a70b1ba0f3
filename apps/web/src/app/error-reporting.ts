import type { ErrorLog } from '@backoffice/shared';
import { api } from '../lib/api-client';
import { createErrorReporter } from '../lib/error-reporter';

export const reportError = createErrorReporter({
  send: (payload: ErrorLog) => api.post('/api/log/error', payload),
  currentPath: () => window.location.pathname + window.location.search + window.location.hash,
});

/** SPEC 7/8: every uncaught error and unhandled rejection is logged and sent. */
export function installGlobalErrorHandlers(): void {
  window.addEventListener('error', (event) => void reportError(event.error ?? event.message, 'window.onerror'));
  window.addEventListener('unhandledrejection', (event) => void reportError(event.reason, 'unhandledrejection'));
}
