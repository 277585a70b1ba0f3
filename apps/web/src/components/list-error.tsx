import { Alert } from '@mui/material';
import { ApiError } from '../lib/api-client';

/**
 * Why a list could not load. A 400 names the filters the server refused: their reasons, without the API's
 * field names ("to: …"), which mean nothing to the person who chose the dates.
 */
export function ListError({ error }: { error: Error | null }) {
  if (!error) return null;
  const reasons = error instanceof ApiError && error.status === 400 ? error.fields.map((field) => field.message) : [];
  return <Alert severity="error">{reasons.length > 0 ? `Revisá los filtros: ${reasons.join(' · ')}` : error.message}</Alert>;
}
