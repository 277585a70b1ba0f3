import { formatMoney, stepsOf, STATUSES, type LeadListItem, type LeadListQuery, type LeadListResponse } from '@backoffice/shared';
import { Link as MuiLink } from '@mui/material';
import {
  DataGrid,
  type GridColDef,
  type GridColumnVisibilityModel,
  type GridDensity,
  type GridPaginationModel,
  type GridRowSelectionModel,
  type GridSortModel,
} from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { StatusChip } from '../../../components/status-chip';
import { COUNTRY } from '../../../config/env';
import type { LeadFilterPatch } from '../hooks/use-lead-list-params';

const statusById = new Map(STATUSES[COUNTRY].map((status) => [status.id, status]));
const stepByStatus = new Map(stepsOf(COUNTRY).map((step) => [step.id, step.label]));
const dateTime = new Intl.DateTimeFormat(COUNTRY === 'arg' ? 'es-AR' : 'es-CO', { dateStyle: 'short', timeStyle: 'short' });

const columns: GridColDef<LeadListItem>[] = [
  {
    field: 'id',
    headerName: 'Lead',
    width: 96,
    renderCell: ({ row }) => (
      <MuiLink component={Link} to={`/lead-detail?id=${row.id}`} underline="hover">
        #{row.id}
      </MuiLink>
    ),
  },
  { field: 'created_at', headerName: 'Creado', width: 150, valueFormatter: (value: string) => dateTime.format(new Date(value)) },
  {
    field: 'customer',
    headerName: 'Cliente',
    flex: 1,
    minWidth: 200,
    sortable: false,
    valueGetter: (_, row) => `${row.customer.last_name}, ${row.customer.first_name}`,
  },
  { field: 'doc_number', headerName: 'Documento', width: 130, sortable: false, valueGetter: (_, row) => row.customer.doc_number },
  { field: 'cellphone', headerName: 'Celular', width: 130, sortable: false, valueGetter: (_, row) => row.customer.cellphone ?? '' },
  { field: 'email', headerName: 'Email', width: 220, sortable: false, valueGetter: (_, row) => row.customer.email ?? '' },
  {
    field: 'requested_amount',
    headerName: 'Monto',
    width: 140,
    type: 'number',
    valueFormatter: (value: number) => formatMoney(COUNTRY, value),
  },
  { field: 'term', headerName: 'Cuotas', width: 80, type: 'number', sortable: false },
  {
    field: 'status_id',
    headerName: 'Estado',
    width: 230,
    sortable: false,
    renderCell: ({ row }) => {
      const status = statusById.get(row.status_id);
      return status ? <StatusChip {...status} /> : row.status_id;
    },
  },
  { field: 'step', headerName: 'Paso', width: 140, sortable: false, valueGetter: (_, row) => stepByStatus.get(row.status_id) ?? '—' },
  { field: 'management_status', headerName: 'Gestión', width: 200, sortable: false, valueGetter: (value: string | null) => value ?? '—' },
  { field: 'seller', headerName: 'Vendedor', width: 180, sortable: false, valueGetter: (_, row) => row.seller?.name ?? 'Sin asignar' },
  { field: 'source', headerName: 'Origen', width: 110, sortable: false },
  { field: 'updated_at', headerName: 'Actualizado', width: 150, valueFormatter: (value: string) => dateTime.format(new Date(value)) },
];

const HIDDEN_BY_DEFAULT: GridColumnVisibilityModel = { email: false, source: false, updated_at: false };

/** Column choice and density are remembered per user (browser storage keyed by the user's id). */
function useGridSettings(userId: number | undefined) {
  const key = `${COUNTRY}_leads_grid_${userId ?? 'anon'}`;
  const [settings, setSettings] = useState<{ columns: GridColumnVisibilityModel; density: GridDensity }>(() => {
    try {
      const stored = JSON.parse(localStorage.getItem(key) ?? 'null') as { columns: GridColumnVisibilityModel; density: GridDensity } | null;
      return stored ?? { columns: HIDDEN_BY_DEFAULT, density: 'standard' };
    } catch {
      return { columns: HIDDEN_BY_DEFAULT, density: 'standard' };
    }
  });
  const save = (next: typeof settings) => {
    setSettings(next);
    localStorage.setItem(key, JSON.stringify(next));
  };
  return { settings, save };
}

interface LeadsTableProps {
  query: LeadListQuery;
  data: LeadListResponse | undefined;
  loading: boolean;
  update: (patch: LeadFilterPatch) => void;
  userId: number | undefined;
  selection: GridRowSelectionModel;
  onSelectionChange: (selection: GridRowSelectionModel) => void;
}

/**
 * Server-side paging, sorting and filtering. Pages move by keyset cursors (fast at any depth); the page
 * number is what the user sees and travels in the URL with the cursor.
 */
export function LeadsTable({ query, data, loading, update, userId, selection, onSelectionChange }: LeadsTableProps) {
  const { settings, save } = useGridSettings(userId);
  const sortModel = useMemo<GridSortModel>(() => [{ field: query.sort, sort: query.dir }], [query.sort, query.dir]);
  const count = data?.count;
  // When the total is not exact we do not know the last page: let the grid page forward while there is a next cursor.
  const rowCount = count?.exact ? count.total : -1;

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
    <DataGrid<LeadListItem>
      rows={data?.rows ?? []}
      columns={columns}
      loading={loading}
      paginationMode="server"
      sortingMode="server"
      filterMode="server"
      rowCount={rowCount}
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
      checkboxSelection
      keepNonExistentRowsSelected
      rowSelectionModel={selection}
      onRowSelectionModelChange={onSelectionChange}
      columnVisibilityModel={settings.columns}
      onColumnVisibilityModelChange={(model) => save({ ...settings, columns: model })}
      density={settings.density}
      onDensityChange={(density) => save({ ...settings, density })}
      showToolbar
      slotProps={{ toolbar: { csvOptions: { disableToolbarButton: true }, printOptions: { disableToolbarButton: true } } }}
      localeText={{ noRowsLabel: 'No hay leads que coincidan con los filtros', paginationRowsPerPage: 'Filas por página' }}
      sx={{ bgcolor: 'background.paper', minHeight: 480 }}
      aria-label="Leads"
    />
  );
}
