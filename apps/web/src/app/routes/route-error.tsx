import { useEffect } from 'react';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { ErrorPage } from '../../components/error-page';
import { reportError } from '../error-reporting';

/** SPEC 8: an application error shows its status code (default 500) and status message. */
export default function RouteErrorBoundary() {
  const error = useRouteError();
  useEffect(() => {
    if (!isRouteErrorResponse(error)) void reportError(error, 'route error boundary');
  }, [error]);
  if (isRouteErrorResponse(error)) {
    return <ErrorPage statusCode={error.status} statusMessage={error.statusText || undefined} />;
  }
  const status = (error as { status?: number } | null)?.status;
  return (
    <ErrorPage statusCode={typeof status === 'number' ? status : 500} statusMessage={error instanceof Error ? error.message : undefined} />
  );
}
