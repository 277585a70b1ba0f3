import type { ListCount } from '@backoffice/shared';
import { DataGrid, type DataGridProps, type GridPaginationModel, type GridSortModel, type GridValidRowModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { gridRowCount, listLocaleText } from '../lib/grid-locale';
import { isFiltered, type UrlPatchValue } from '../lib/url-state';

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
  count: ListCount;
  pageInfo: { nextCursor: string | null; prevCursor: string | null };
}

type KeysetDataGridProps<R extends GridValidRowModel> = Omit<
  DataGridProps<R>,
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
  ...grid
}: KeysetDataGridProps<R>) {
  const sortModel = useMemo<GridSortModel>(() => [{ field: query.sort, sort: query.dir }], [query.sort, query.dir]);
  const count = data?.count;
  // No page and none loading: the list failed (its error is shown above). It stays on the page asked for,
  // so that trying again (or the server coming back) loads that page; only a page back is offered meanwhile.
  const failed = !data && !loading;

  const onPagination = (model: GridPaginationModel) => {
    const nextPage = model.page + 1;
    if (model.pageSize !== query.pageSize) return update({ pageSize: model.pageSize });
    if (nextPage === query.page) return;
    if (nextPage === 1) return update({ page: undefined, cursor: undefined });
    if (nextPage === query.page + 1 && data?.pageInfo.nextCursor) return update({ page: nextPage, cursor: data.pageInfo.nextCursor });
    if (nextPage === query.page - 1 && data?.pageInfo.prevCursor) return update({ page: nextPage, cursor: data.pageInfo.prevCursor });
    update({ page: nextPage, cursor: undefined });
  };

  return (
    <DataGrid<R>
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
      localeText={listLocaleText(isFiltered(query) ? noRowsLabel : emptyLabel, count, failed)}
      sx={{ bgcolor: 'background.paper', minHeight: 480 }}
      {...grid}
    />
  );
}
