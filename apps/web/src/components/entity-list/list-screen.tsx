import { Box, Stack, Typography } from '@mui/material';
import type { GridValidRowModel } from '@mui/x-data-grid';
import type { ReactNode } from 'react';
import { useNavigate } from 'react-router';
import { useRememberListSearch } from '../../lib/list-return';
import { ExportButton } from '../export-button';
import { KeysetDataGrid, type KeysetListPatch, type KeysetListQuery } from '../keyset-data-grid';
import type { FittedColumn } from '../fitted-columns';
import { ListCountText } from '../list-count';
import { ListError } from '../list-error';
import { rowsOutOfDate } from '../list-state';
import { ListFiltersFrame, type MobileRow } from '../mobile-list';
import { activeFilterCount } from '../../lib/url-state';
import type { EngineList } from './list-query';

interface ListScreenProps<R extends GridValidRowModel, Q extends KeysetListQuery> {
  title: string;
  /** The rows' name for the count: "1 préstamo", "2 préstamos". */
  plural: string;
  singular: string;
  /** The screen's path: the detail's breadcrumb comes back to the list as it was left. */
  path: string;
  params: { query: Q; search: string; update: (patch: KeysetListPatch & { exactCount?: boolean }) => void; reset?: () => void };
  /** The page and its count, which may come after the rows (useEngineList). */
  list: EngineList<R>;
  columns: FittedColumn<R>[];
  /** How a record reads on a phone, beside the columns (KeysetDataGrid's mobileRow). */
  mobileRow: (row: R) => MobileRow;
  /** The list's filter bar. */
  filters?: ReactNode;
  /** What the filtered rows add up to (charts, totals), between the filters and the grid. */
  summary?: ReactNode;
  /** The export endpoint ('collections/export') and the file's fallback name; no export without it. */
  exportPath?: string;
  /** Buttons beside the export (a "new" action). */
  actions?: ReactNode;
  /** Where a row opens (its detail screen). */
  rowHref?: (row: R) => string;
  noRowsLabel: string;
  emptyLabel: string;
  testId: string;
}

/**
 * The frame of a list declared on the server's list engine: title and capped count (which may follow the
 * rows: "Cargando…" then the total, "—" if it is refused), filters, the grid paged by keyset cursors, export. An area's list screen gives its columns and filters, not a copy of this.
 */
export function ListScreen<R extends GridValidRowModel, Q extends KeysetListQuery>({
  title,
  plural,
  singular,
  path,
  params,
  list,
  columns,
  mobileRow,
  filters,
  summary,
  exportPath,
  actions,
  rowHref,
  noRowsLabel,
  emptyLabel,
  testId,
}: ListScreenProps<R, Q>) {
  const navigate = useNavigate();
  useRememberListSearch(path);
  return (
    <Stack spacing={2.5}>
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, flexWrap: 'wrap' }}>
        <Box sx={{ flexGrow: 1 }}>
          <Typography variant="h4" component="h1">
            {title}
          </Typography>
          <ListCountText
            count={list.data?.count}
            failed={!!list.query.error || list.countFailed}
            plural={plural}
            singular={singular}
            onExactCount={() => params.update({ exactCount: true })}
            data-testid={`${testId}-count`}
          />
        </Box>
        {exportPath && <ExportButton path={exportPath} search={params.search} fallbackName={exportPath.split('/')[0] ?? 'lista'} />}
        {actions}
      </Box>
      {filters && <ListFiltersFrame active={activeFilterCount(params.query)}>{filters}</ListFiltersFrame>}
      {summary}
      <ListError error={list.query.error} onRetry={() => void list.query.refetch()} />
      {/* The grid's root does not take a test id: the box around it does. */}
      <Box data-testid={`${testId}-grid`}>
        <KeysetDataGrid<R>
          columns={columns}
          mobileRow={mobileRow}
          rowHref={rowHref}
          query={params.query}
          data={list.data}
          loading={list.query.isFetching}
          stale={rowsOutOfDate(list.query)}
          onClearFilters={params.reset}
          update={params.update}
          noRowsLabel={noRowsLabel}
          emptyLabel={emptyLabel}
          onRowClick={rowHref ? ({ row }) => void navigate(rowHref(row as R)) : undefined}
          disableRowSelectionOnClick
        />
      </Box>
    </Stack>
  );
}
