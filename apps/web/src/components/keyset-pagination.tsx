import { Box, Pagination, type PaginationProps } from '@mui/material';
import { GridPagination } from '@mui/x-data-grid';
import { createContext, useContext } from 'react';

/** The page shown, how many there are (null while the count is not exact) and how to go to one. */
export interface PageNumbers {
  page: number;
  pages: number | null;
  go: (page: number) => void;
}

export const PageNumbersContext = createContext<PageNumbers | null>(null);

/** How many pages `total` rows make, `pageSize` a page: at least one (an empty list still shows its first). */
export const pageCount = (total: number, pageSize: number): number => Math.max(1, Math.ceil(total / pageSize));

const itemLabel: PaginationProps['getItemAriaLabel'] = (type, page, selected) => {
  if (type === 'first') return 'Primera página';
  if (type === 'last') return 'Última página';
  if (type === 'page') return selected ? `Página ${page}, la actual` : `Página ${page}`;
  return type === 'next' ? 'Página siguiente' : 'Página anterior';
};

/**
 * The grid's footer pager (rows per page, "1–25 de 300", back and forward) with, where the count is exact,
 * the page numbers and a jump to the first and the last one. A page by number is asked without a cursor: the
 * server starts it from its nearest remembered position (lib/page-anchors.ts). Desktop only: a phone keeps
 * the grid's own pager.
 */
export function KeysetPagination() {
  const numbers = useContext(PageNumbersContext);
  const shown = numbers && numbers.pages !== null && numbers.pages > 1;
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'flex-end', flexWrap: 'wrap', columnGap: 1, minWidth: 0 }}>
      {shown && (
        <Pagination
          size="small"
          count={numbers.pages!}
          page={Math.min(numbers.page, numbers.pages!)}
          siblingCount={1}
          boundaryCount={1}
          showFirstButton
          showLastButton
          hidePrevButton
          hideNextButton
          getItemAriaLabel={itemLabel}
          aria-label="Páginas"
          data-testid="page-numbers"
          onChange={(_event, page) => numbers.go(page)}
          sx={{ display: { xs: 'none', md: 'block' } }}
        />
      )}
      <GridPagination />
    </Box>
  );
}
