import { Alert } from '@mui/material';
import { describeError } from '../lib/api-client';

/** Why a list could not load; a 400 names the filters the server refused (describeError). */
export function ListError({ error }: { error: Error | null }) {
  if (!error) return null;
  return <Alert severity="error">{describeError(error, 'Revisa los filtros')}</Alert>;
}
