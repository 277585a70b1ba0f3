import { Alert, Button } from '@mui/material';
import { ApiError, describeError } from '../lib/api-client';
import { say } from '../lib/voice';

/**
 * Why a list could not load; a 400 names the filters the server refused (describeError). Anything else
 * (the server or the network down a moment) offers to try again: the same request may well work now.
 */
export function ListError({ error, onRetry }: { error: Error | null; onRetry: () => void }) {
  if (!error) return null;
  const refused = error instanceof ApiError && error.status === 400;
  return (
    <Alert
      severity="error"
      action={
        refused ? undefined : (
          <Button color="inherit" size="small" onClick={onRetry}>
            Reintentar
          </Button>
        )
      }
    >
      {describeError(error, say('Revisa los filtros'))}
    </Alert>
  );
}
