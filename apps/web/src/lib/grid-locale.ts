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
 * total, would say "más de 25").
 */
export function listLocaleText(noRowsLabel: string, count: ListCount | undefined): Partial<GridLocaleText> {
  return {
    ...GRID_TEXT,
    noRowsLabel,
    paginationDisplayedRows: ({ from, to }) =>
      `${formatCount(from)}–${formatCount(to)} de ${count === undefined ? '…' : count.exact ? formatCount(count.total) : `más de ${formatCount(count.total)}`}`,
  };
}
