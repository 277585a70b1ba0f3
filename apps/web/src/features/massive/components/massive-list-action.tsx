import type { MassiveList } from '@backoffice/shared';
import { Button } from '@mui/material';
import { IconStack2 } from '@tabler/icons-react';
import { Link } from 'react-router';

/** The list's filters without its order and page: what a batch from the list takes. */
export function listFiltersOf(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of ['page', 'pageSize', 'cursor', 'sort', 'dir', 'exactCount']) params.delete(key);
  return params.toString();
}

/**
 * "Acción masiva" on a filtered list: opens a new batch whose rows are every row the filters match (the
 * server resolves them from the filters, up to its cap), not the page shown.
 */
export function MassiveListAction({ list, search }: { list: MassiveList; search: string }) {
  return (
    <Button
      variant="outlined"
      startIcon={<IconStack2 size={18} />}
      component={Link}
      to={`/create-massive?from=${list}&filters=${encodeURIComponent(listFiltersOf(search))}`}
    >
      Acción masiva
    </Button>
  );
}
