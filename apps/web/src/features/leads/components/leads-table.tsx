import { LEAD_SOURCE_LABELS, type LeadListItem, type LeadListQuery, type LeadListResponse, type LeadSource } from '@backoffice/shared';
import type { GridColDef, GridRowSelectionModel } from '@mui/x-data-grid';
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
import type { LeadFilterPatch } from '../hooks/use-lead-list-params';

const columns: GridColDef<LeadListItem>[] = [
  idLinkColumn('Lead', '/lead-detail'),
  dateTimeColumn('created_at', 'Creado'),
  customerNameColumn,
  statusColumn((status) => status.name),
  stepColumn,
  ...amountColumns,
  ...customerContactColumns,
  { field: 'email', headerName: 'Email', width: 220, sortable: false, valueGetter: (_, row) => row.customer.email ?? '' },
  managementColumn,
  nextCallColumn,
  { field: 'seller', headerName: 'Vendedor', width: 180, sortable: false, valueGetter: (_, row) => row.seller?.name ?? 'Sin asignar' },
  { field: 'source', headerName: 'Origen', width: 140, sortable: false, valueFormatter: (value: LeadSource) => LEAD_SOURCE_LABELS[value] },
  dateTimeColumn('updated_at', 'Actualizado'),
];

/** Until the user chooses (useListToolbar). */
const DEFAULT_SETTINGS = { columns: { email: false, source: false, updated_at: false, next_call_at: false }, density: 'standard' } as const;

interface LeadsTableProps {
  query: LeadListQuery;
  data: LeadListResponse | undefined;
  loading: boolean;
  update: (patch: LeadFilterPatch) => void;
  selection: GridRowSelectionModel;
  onSelectionChange: (selection: GridRowSelectionModel) => void;
}

/** The leads list: server-side paging, sorting and filtering, row selection, remembered columns and density. */
export function LeadsTable({ query, data, loading, update, selection, onSelectionChange }: LeadsTableProps) {
  const toolbar = useListToolbar('leads', DEFAULT_SETTINGS);
  return (
    <KeysetDataGrid<LeadListItem>
      query={query}
      data={data}
      loading={loading}
      update={update}
      columns={columns}
      checkboxSelection
      keepNonExistentRowsSelected
      // "Select all" selects the page's rows by their ids, not "every row but…", which a server-paged list cannot resolve.
      disableRowSelectionExcludeModel
      rowSelectionModel={selection}
      onRowSelectionModelChange={onSelectionChange}
      {...toolbar}
      noRowsLabel="No hay leads que coincidan con los filtros"
      emptyLabel="No hay leads"
      aria-label="Leads"
    />
  );
}
