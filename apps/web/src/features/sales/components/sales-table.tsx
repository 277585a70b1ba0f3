import { salesStatusesOf, type LeadListItem, type LeadListResponse, type SalesListQuery } from '@backoffice/shared';
import type { GridColDef } from '@mui/x-data-grid';
import { KeysetDataGrid } from '../../../components/keyset-data-grid';
import {
  amountColumns,
  customerContactColumns,
  customerNameColumn,
  dateTimeColumn,
  idLinkColumn,
  managementColumn,
  nextCallColumn,
  statusColumn,
  stepColumn,
} from '../../../components/lead-list-columns';
import { useListToolbar } from '../../../components/list-toolbar';
import { COUNTRY } from '../../../config/env';
import type { SalesFilterPatch } from '../hooks/use-sales-list-params';

/**
 * The list holds every application of the seller, in any status: the chip reads the SPEC 4 sales name
 * (CREADO, APROBADO…) of the statuses that have one, the catalogue's name of the others.
 */
const salesNameById = new Map(salesStatusesOf(COUNTRY).map((status) => [status.id, status.name]));
const columns: GridColDef<LeadListItem>[] = [
  idLinkColumn('Venta', '/sale-detail'),
  dateTimeColumn('created_at', 'Creada'),
  customerNameColumn,
  statusColumn((status) => salesNameById.get(status.id) ?? status.name),
  stepColumn,
  ...amountColumns,
  ...customerContactColumns,
  managementColumn,
  nextCallColumn,
  { field: 'seller', headerName: 'Vendedor', width: 170, sortable: false, valueGetter: (_, row) => row.seller?.name ?? 'Sin asignar' },
  dateTimeColumn('updated_at', 'Actualizada'),
];

interface SalesTableProps {
  query: SalesListQuery;
  data: LeadListResponse | undefined;
  loading: boolean;
  update: (patch: SalesFilterPatch) => void;
}

/** Until the user chooses (useListToolbar). */
const DEFAULT_SETTINGS = { columns: {}, density: 'standard' } as const;

/**
 * Server-side paging (keyset cursors, the page number in the URL with its cursor), sorting and filtering;
 * columns and density chosen by each user and remembered, as on /leads.
 */
export function SalesTable({ query, data, loading, update }: SalesTableProps) {
  const toolbar = useListToolbar('sales', DEFAULT_SETTINGS);
  return (
    <KeysetDataGrid<LeadListItem>
      query={query}
      data={data}
      loading={loading}
      update={update}
      columns={columns}
      {...toolbar}
      disableRowSelectionOnClick
      noRowsLabel="No hay ventas que coincidan con los filtros"
      emptyLabel="No hay ventas"
      aria-label="Ventas"
    />
  );
}
