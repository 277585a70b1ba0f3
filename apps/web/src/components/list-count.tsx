import type { ListCount } from '@backoffice/shared';
import { Button, Typography } from '@mui/material';
import { count as formatCount } from '../lib/format';

interface ListCountTextProps {
  /** Undefined or null: still on its way. */
  count: ListCount | null | undefined;
  /** The rows' name: "1 venta", "2 ventas". */
  plural: string;
  singular: string;
  /** The list failed to load (nothing to count, nothing loading: its error says why). */
  failed?: boolean;
  /** Ask the server for the exact total when it only answered "more than". */
  onExactCount: () => void;
  'data-testid': string;
}

/** How many rows the filters match, under a list's title, with "Contar exacto" when the total is a bound. */
export function ListCountText({ count, plural, singular, failed = false, onExactCount, 'data-testid': testId }: ListCountTextProps) {
  return (
    <Typography color="text.secondary" data-testid={testId}>
      {!count
        ? failed
          ? '—'
          : 'Cargando…'
        : count.exact
          ? `${formatCount(count.total)} ${count.total === 1 ? singular : plural}`
          : `más de ${formatCount(count.total)} ${plural}`}
      {count && !count.exact && (
        <Button size="small" onClick={onExactCount} sx={{ ml: 1 }}>
          Contar exacto
        </Button>
      )}
    </Typography>
  );
}
