import type { ListCount } from '@backoffice/shared';
import {
  DataGrid,
  GRID_CHECKBOX_SELECTION_COL_DEF,
  GRID_CHECKBOX_SELECTION_FIELD,
  type GridColDef,
  type DataGridProps,
  type GridColumnVisibilityModel,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { gridRowCount, listLocaleText } from '../lib/grid-locale';
import { isFiltered, type UrlPatchValue } from '../lib/url-state';
import { KeysetPagination, PageNumbersContext, pageCount, type PageNumbers } from './keyset-pagination';
import { TIGHT_CELLS_SX, useFittedColumns, type FittedColumn } from './fitted-columns';
import { MobileList, useIsPhone, type MobileRow } from './mobile-list';
import { GridFetchingBar, GridNoRows, STALE_ROWS_CLASS, STALE_ROWS_SX, StaleRowsNotice, useLasting } from './list-state';

/** The URL state of a list paged by keyset cursors (`page` is the number shown, `cursor` loads it fast). */
export interface KeysetListQuery {
  page: number;
  pageSize: number;
  sort: string;
  dir: 'asc' | 'desc';
}

export type KeysetListPatch = Partial<Record<'page' | 'pageSize' | 'cursor' | 'sort' | 'dir', UrlPatchValue>>;

export interface KeysetPage<R> {
  rows: R[];
  /** Undefined or null while it is on its way (a page asked with `count=later`: useDeferredCount). */
  count?: ListCount | null;
  pageInfo: { nextCursor: string | null; prevCursor: string | null };
}

type KeysetDataGridProps<R extends GridValidRowModel> = Omit<
  DataGridProps<R>,
  | 'columns'
  | 'rows'
  | 'loading'
  | 'rowCount'
  | 'paginationMode'
  | 'sortingMode'
  | 'filterMode'
  | 'paginationMeta'
  | 'paginationModel'
  | 'onPaginationModelChange'
  | 'sortModel'
  | 'onSortModelChange'
  | 'localeText'
> & {
  /** Fitted to the page shown and the grid's width (fitColumns). */
  columns: FittedColumn<R>[];
  query: KeysetListQuery;
  data: KeysetPage<R> | undefined;
  loading: boolean;
  update: (patch: KeysetListPatch) => void;
  /** Shown when the filters match nothing. */
  noRowsLabel: string;
  /** Shown when the list, unfiltered, has nothing at all. */
  emptyLabel: string;
  /** The user's columns and density are on their way (useListToolbar): rows wait for them. */
  settingsPending?: boolean;
  /**
   * The list's default column choice (for the user's role), under the user's own (`columnVisibilityModel`,
   * kept by useListToolbar): a column the user never showed or hid follows it (withColumnDefaults).
   */
  columnDefaults?: GridColumnVisibilityModel;
  /** The rows shown are out of date (the last refresh failed, or waits for the network): rowsOutOfDate. */
  stale?: boolean;
  /** Clears the list's filters: offered by the empty state of a filtered list. */
  onClearFilters?: () => void;
  /** How a record reads on a phone (below 600 px the list is one record a line, MobileList, not the grid). */
  mobileRow: (row: R) => MobileRow;
  /** Where tapping a record opens on a phone. */
  rowHref?: (row: R) => string;
};

/**
 * A DataGrid paged, sorted and filtered by the server. Pages move by keyset cursors (fast at any depth); the
 * page number is what the user sees and travels in the URL with its cursor.
 */
export function KeysetDataGrid<R extends GridValidRowModel>({
  query,
  data,
  loading,
  update,
  noRowsLabel,
  emptyLabel,
  settingsPending = false,
  columnDefaults,
  stale = false,
  onClearFilters,
  mobileRow,
  rowHref,
  columns,
  slots,
  slotProps,
  sx,
  ...grid
}: KeysetDataGridProps<R>) {
  const choice = columnDefaults ? withColumnDefaults(grid, columnDefaults) : {};
  const visibility = withSelectionShown(choice.columnVisibilityModel ?? grid.columnVisibilityModel);
  const fitted = useFittedColumns(columns, data?.rows, {
    visibility,
    reserved: grid.checkboxSelection ? (GRID_CHECKBOX_SELECTION_COL_DEF.width ?? 50) : 0,
  });
  // A page with no rows (filters that match nothing, a failure) keeps the columns of the last page that had
  // some, instead of shrinking each to its header; the grid's width without a scrollbar changes nothing then.
  const [lastFitted, setLastFitted] = useState(fitted.columns);
  const rowless = !data?.rows.length;
  // Kept as React keeps a value from the previous render (fitted.columns is memoised: set once per change).
  if (!rowless && lastFitted !== fitted.columns) setLastFitted(fitted.columns);
  const shownColumns = rowless ? lastFitted : fitted.columns;
  const sortModel = useMemo<GridSortModel>(() => [{ field: query.sort, sort: query.dir }], [query.sort, query.dir]);
  const count = data?.count ?? undefined;
  // No page and none loading: the list failed (its error is shown above). It stays on the page asked for,
  // so that trying again (or the server coming back) loads that page; only a page back is offered meanwhile.
  const failed = !data && !loading;
  const hasRows = !settingsPending && !!data?.rows.length;
  // A page that takes long keeps the previous rows on screen: past a moment they are marked as not the ones asked for.
  const slow = useLasting(loading && hasRows);
  const outdated = hasRows && (stale || slow);
  const filtered = isFiltered(query);
  const phone = useIsPhone();

  const onPagination = (model: GridPaginationModel) => {
    const nextPage = model.page + 1;
    if (model.pageSize !== query.pageSize) return update({ pageSize: model.pageSize });
    if (nextPage === query.page) return;
    if (nextPage === 1) return update({ page: undefined, cursor: undefined });
    if (nextPage === query.page + 1 && data?.pageInfo.nextCursor) return update({ page: nextPage, cursor: data.pageInfo.nextCursor });
    if (nextPage === query.page - 1 && data?.pageInfo.prevCursor) return update({ page: nextPage, cursor: data.pageInfo.prevCursor });
    update({ page: nextPage, cursor: undefined });
  };

  const numbers: PageNumbers = {
    page: query.page,
    pages: count?.exact && !failed ? pageCount(count.total, query.pageSize) : null,
    go: (page) => onPagination({ page: page - 1, pageSize: query.pageSize }),
  };
  if (phone) {
    const getId = grid.getRowId ?? ((row: R) => (row as unknown as { id: string | number }).id);
    return (
      <MobileList<R>
        rows={settingsPending ? [] : (data?.rows ?? [])}
        getId={getId}
        mobileRow={mobileRow}
        rowHref={rowHref}
        page={query.page}
        hasPrevious={query.page > 1}
        hasNext={!!data?.pageInfo.nextCursor}
        onPage={(page) => onPagination({ page: page - 1, pageSize: query.pageSize })}
        loading={loading || settingsPending}
        outdated={outdated ? { slow: !stale } : undefined}
        emptyLabel={failed ? 'No se pudo cargar la lista' : filtered ? noRowsLabel : emptyLabel}
        onClearFilters={filtered && !failed ? onClearFilters : undefined}
        aria-label={grid['aria-label']}
      />
    );
  }

  return (
    <PageNumbersContext.Provider value={numbers}>
      {outdated && <StaleRowsNotice slow={!stale} />}
      <DataGrid<R>
        columns={shownColumns}
        onResize={fitted.onResize}
        rows={settingsPending ? [] : (data?.rows ?? [])}
        loading={loading || settingsPending}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        // When the total is not exact the last page is unknown: the grid pages forward while there is a next cursor.
        rowCount={gridRowCount(count, failed ? query : undefined)}
        paginationMeta={{ hasNextPage: !!data?.pageInfo.nextCursor }}
        paginationModel={{ page: query.page - 1, pageSize: query.pageSize }}
        onPaginationModelChange={onPagination}
        pageSizeOptions={[10, 25, 50, 100]}
        sortModel={sortModel}
        onSortModelChange={(model) => {
          const [first] = model;
          update({ sort: first?.field ?? undefined, dir: first?.sort ?? undefined });
        }}
        disableColumnFilter
        localeText={listLocaleText(filtered ? noRowsLabel : emptyLabel, count, failed)}
        sx={{
          bgcolor: 'background.paper',
          minHeight: 480,
          ...CLIP_LAST_HEADER,
          ...STALE_ROWS_SX,
          ...(fitted.tight && TIGHT_CELLS_SX),
          ...sx,
        }}
        className={outdated ? STALE_ROWS_CLASS : undefined}
        {...grid}
        {...choice}
        columnVisibilityModel={visibility}
        slots={{ loadingOverlay: GridFetchingBar, noRowsOverlay: GridNoRows, pagination: KeysetPagination, ...slots }}
        slotProps={{
          ...slotProps,
          columnsManagement: { getTogglableColumns, ...slotProps?.columnsManagement },
          noRowsOverlay: {
            label: failed ? 'No se pudo cargar la lista' : filtered ? noRowsLabel : emptyLabel,
            onClearFilters: filtered && !failed ? onClearFilters : undefined,
            ...slotProps?.noRowsOverlay,
          },
        }}
      />
    </PageNumbersContext.Provider>
  );
}

/**
 * The columns the column chooser lists: the data's. The selection's checkboxes are how rows are chosen (for an
 * export), not a column of data: listed ('Seleccionar casilla'), hiding them took row selection away.
 */
export const getTogglableColumns = (columns: GridColDef[]) =>
  columns.filter((column) => column.field !== GRID_CHECKBOX_SELECTION_FIELD).map((column) => column.field);

/** A column choice kept from when the chooser listed the selection's checkboxes does not hide them. */
function withSelectionShown(model: GridColumnVisibilityModel | undefined): GridColumnVisibilityModel | undefined {
  return model?.[GRID_CHECKBOX_SELECTION_FIELD] === false ? { ...model, [GRID_CHECKBOX_SELECTION_FIELD]: true } : model;
}

/**
 * The last column's header keeps its hidden menu button inside: the grid clips it only when it scrolls
 * sideways, and where the columns fit the width exactly (fitColumns, a flexible column) the button would
 * make the list scroll sideways by the width of that button, for nothing.
 */
export const CLIP_LAST_HEADER = { '& .MuiDataGrid-columnHeader--last': { overflow: 'hidden' } } as const;

type ColumnChoice = Pick<DataGridProps, 'columnVisibilityModel' | 'onColumnVisibilityModelChange'>;

/**
 * A user's column choice over the list's defaults. The grid's model names the columns it hides (and those
 * shown that were hidden by default); a column it does not name is shown. A kept choice therefore names what
 * the defaults of its day hid and what the user changed: every column it names stays as it says, and a
 * column it does not name (a default hidden since, such as the seller's own column for a seller) follows
 * today's defaults. The grid's "show all" leaves the columns it shows unnamed: a default-hidden one is saved
 * as shown, so that it stays shown.
 */
export function withColumnDefaults(
  { columnVisibilityModel, onColumnVisibilityModelChange }: ColumnChoice,
  defaults: GridColumnVisibilityModel,
): ColumnChoice {
  return {
    columnVisibilityModel: { ...defaults, ...columnVisibilityModel },
    onColumnVisibilityModelChange: (model, details) => {
      const named = { ...model };
      for (const field of Object.keys(defaults)) named[field] ??= true;
      onColumnVisibilityModelChange?.(named, details);
    },
  };
}
