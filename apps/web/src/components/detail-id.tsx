import { idSchema } from '@backoffice/shared';
import { Alert } from '@mui/material';
import { useSearchParams } from 'react-router';

/** How much of a mistyped id the message repeats (a pasted URL can hold anything). */
const SHOWN_CHARS = 40;

/** A detail screen's record id, from `?id=` (SPEC 2: no path parameters); `raw` is what the URL holds. */
export function useDetailId(): { id: number | undefined; raw: string | null } {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = idSchema.safeParse(raw);
  return { id: id.success ? id.data : undefined, raw };
}

/** Why a detail screen shows no record: no `?id=` at all, or one that is not a record's number. */
export function DetailIdProblem({ raw, of }: { raw: string | null; /** 'del lead', 'de la venta'… */ of: string }) {
  const shown = raw !== null && raw.length > SHOWN_CHARS ? `${raw.slice(0, SHOWN_CHARS)}…` : raw;
  return (
    <Alert severity="warning">
      {shown === null || shown.trim() === ''
        ? `Falta el identificador ${of} (?id=…).`
        : `El identificador ${of} no es válido: «${shown}». Debe ser un número, p. ej. ?id=123.`}
    </Alert>
  );
}
