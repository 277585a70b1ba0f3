import { formatMoney, salesStatusesOf, stepsOf, STATUSES, type LeadListItem, type LeadListResponse, type SalesListQuery } from '@backoffice/shared';
import { Link as MuiLink } from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel, type GridSortModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { StatusChip } from '../../../components/status-chip';
import { COUNTRY } from '../../../config/env';
import type { SalesFilterPatch } from '../hooks/use-sales-list-params';

const statusById = new Map(STATUSES[COUNTRY].map((status) => [status.id, status]));
/** Rows are in sales statuses: the chip reads the SPEC 4 sales name (CREADO, APROBADO…). */
const salesNameById = new Map(salesStatusesOf(COUNTRY).map((status) => [status.id, status.name]));
const stepByStatus = new Map(stepsOf(COUNTRY).map((step) => [step.id, step.label]));
const dateTime = new Intl.DateTimeFormat(COUNTRY === 'arg' ? 'es-AR' : 'es-CO', { dateStyle: 'short', timeStyle: 'short' });

const columns: GridColDef<LeadListItem>[] = [
  {
    field: 'id',
    headerName: 'Venta',
    width: 96,
    renderCell: ({ row }) => (
      <MuiLink component={Link} to={`/sale-detail?id=${row.id}`} underline="hover">
        #{row.id}
      </MuiLink>
    ),
  },
  { field: 'created_at', headerName: 'Creada', width: 150, valueFormatter: (value: string) => dateTime.format(new Date(value)) },
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
  { field: 'requested_amount', headerName: 'Monto', width: 140, type: 'number', valueFormatter: (value: number) => formatMoney(COUNTRY, value) },
  { field: 'term', headerName: 'Cuotas', width: 80, type: 'number', sortable: false },
  {
    field: 'status_id',
    headerName: 'Estado de venta',
    width: 170,
    sortable: false,
    renderCell: ({ row }) => {
      const status = statusById.get(row.status_id);
      return status ? <StatusChip {...status} label={salesNameById.get(row.status_id) ?? status.name} /> : row.status_id;
    },
  },
  { field: 'step', headerName: 'Paso', width: 120, sortable: false, valueGetter: (_, row) => stepByStatus.get(row.status_id) ?? '—' },
  { field: 'management_status', headerName: 'Gestión', width: 200, sortable: false, valueGetter: (value: string | null) => value ?? '—' },
  { field: 'seller', headerName: 'Vendedor', width: 170, sortable: false, valueGetter: (_, row) => row.seller?.name ?? 'Sin asignar' },
  { field: 'updated_at', headerName: 'Actualizada', width: 150, valueFormatter: (value: string) => dateTime.format(new Date(value)) },
];

interface SalesTableProps {
  query: SalesListQuery;
  data: LeadListResponse | undefined;
  loading: boolean;
  update: (patch: SalesFilterPatch) => void;
}

/** Server-side paging (keyset cursors, the page number in the URL with its cursor), sorting and filtering. */
export function SalesTable({ query, data, loading, update }: SalesTableProps) {
  const sortModel = useMemo<GridSortModel>(() => [{ field: query.sort, sort: query.dir }], [query.sort, query.dir]);
  const count = data?.count;
  // Not exact: the last page is unknown, so the grid pages forward while there is a next cursor.
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
      disableRowSelectionOnClick
      localeText={{ noRowsLabel: 'No hay ventas que coincidan con los filtros', paginationRowsPerPage: 'Filas por página' }}
      sx={{ bgcolor: 'background.paper', minHeight: 480 }}
      aria-label="Ventas"
    />
  );
}
