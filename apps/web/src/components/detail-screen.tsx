import { idSchema } from '@backoffice/shared';
import { Alert, Breadcrumbs, Link as MuiLink, Stack, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Link, useSearchParams } from 'react-router';
import { usePageTitle } from '../hooks/use-page-title';
import { useListReturnPath } from '../lib/list-return';

/** How much of a mistyped id the message repeats (a pasted URL can hold anything). */
const SHOWN_CHARS = 40;

/** A detail screen's record id, from `?id=` (SPEC 2: no path parameters); `raw` is what the URL holds. */
function useDetailId(): { id: number | undefined; raw: string | null } {
  const [params] = useSearchParams();
  const raw = params.get('id');
  const id = idSchema.safeParse(raw);
  return { id: id.success ? id.data : undefined, raw };
}

/** Why a detail screen shows no record: no `?id=` at all, or one that is not a record's number. */
function DetailIdProblem({ raw, of }: { raw: string | null; of: string }) {
  const shown = raw !== null && raw.length > SHOWN_CHARS ? `${raw.slice(0, SHOWN_CHARS)}…` : raw;
  return (
    <Alert severity="warning">
      {shown === null || shown.trim() === ''
        ? `Falta el identificador ${of} (?id=…).`
        : `El identificador ${of} no es válido: «${shown}». Debe ser un número, p. ej. ?id=123.`}
    </Alert>
  );
}

interface DetailScreenProps {
  /** The list the record belongs to: the breadcrumb's way back. */
  list: { path: string; label: string };
  /** What the record is called in the title: 'Lead' → 'Lead #123'. */
  record: string;
  /** The record named in the messages about a bad `?id=`: 'del lead', 'de la venta'. */
  of: string;
  /** The screen itself, for a valid id. */
  children: (id: number) => ReactNode;
}

/**
 * A detail screen's frame (/lead-detail?id=123 and the like): the breadcrumb back to its list as the user left
 * it in this tab (filters, order and page; else the bare list), the title, and the record, or what is wrong
 * with the URL's id.
 */
export function DetailScreen({ list, record, of, children }: DetailScreenProps) {
  const { id, raw } = useDetailId();
  const listPath = useListReturnPath(list.path);
  const title = id !== undefined ? `${record} #${id}` : record;
  usePageTitle(title);
  return (
    <Stack spacing={2}>
      <Breadcrumbs>
        <MuiLink component={Link} to={listPath} underline="hover">
          {list.label}
        </MuiLink>
        {/* The screen's one h1: what it shows, drawn as the breadcrumb's last step it is. */}
        <Typography component="h1" variant="body1" color="text.primary">
          {title}
        </Typography>
      </Breadcrumbs>
      {id !== undefined ? children(id) : <DetailIdProblem raw={raw} of={of} />}
    </Stack>
  );
}
