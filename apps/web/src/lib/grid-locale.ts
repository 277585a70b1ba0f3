import type { ListCount } from '@backoffice/shared';
import type { GridLocaleText } from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { count as formatCount } from './format';

/**
 * The data grids' own texts in Spanish: column menu, column chooser, density, selection, pagination. A
 * grid's `localeText` prop replaces the theme's whole instead of merging with it, so every grid spreads
 * these under its own texts (`listLocaleText`).
 */
const GRID_TEXT: Partial<GridLocaleText> = {
  ...esES.components.MuiDataGrid.defaultProps.localeText,
  paginationRowsPerPage: 'Filas por página',
};

/**
 * A server-paged list's texts: its empty state, and the rows shown out of the server's count, "1–25 de
 * 300", or "1–25 de más de 10.000" when the count stopped at its threshold (the grid alone, knowing no
 * total, would say "más de 25"). A list that failed to load shows no rows and counts none.
 */
export function listLocaleText(noRowsLabel: string, count: ListCount | undefined, failed = false): Partial<GridLocaleText> {
  const empty = failed ? 'No se pudo cargar la lista' : noRowsLabel;
  return {
    ...GRID_TEXT,
    // The grid says "no results" instead of "no rows" when it counts rows it does not have (a failed page).
    noRowsLabel: empty,
    noResultsOverlayLabel: empty,
    paginationDisplayedRows: ({ from, to }) =>
      failed
        ? ''
        : `${formatCount(from)}–${formatCount(to)} de ${count === undefined ? '…' : count.exact ? formatCount(count.total) : `más de ${formatCount(count.total)}`}`,
  };
}

/**
 * The grid's row count for a server-paged list: the total when exact, else "unknown" (-1), also while the
 * page is loading. A page that failed to load is counted as the last one there is for now: the pager offers
 * only the way back and keeps the page asked for (counted 0, the grid moved a failed page 2 back to the first
 * by itself, out of the URL the user asked for, hiding the failure).
 */
export function gridRowCount(count: ListCount | undefined, failed?: { page: number; pageSize: number }): number {
  if (failed) return failed.page * failed.pageSize;
  return count?.exact ? count.total : -1;
}
