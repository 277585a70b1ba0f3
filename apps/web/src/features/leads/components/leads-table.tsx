import { LEAD_SOURCE_LABELS, type LeadListItem, type LeadListQuery, type LeadListResponse, type LeadSource } from '@backoffice/shared';
import type { GridColDef, GridColumnVisibilityModel, GridDensity, GridRowSelectionModel } from '@mui/x-data-grid';
import { useState } from 'react';
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
import { ListToolbar } from '../../../components/list-toolbar';
import { COUNTRY } from '../../../config/env';
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

const HIDDEN_BY_DEFAULT: GridColumnVisibilityModel = { email: false, source: false, updated_at: false, next_call_at: false };

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

/** The leads list: server-side paging, sorting and filtering, row selection, remembered columns and density. */
export function LeadsTable({ query, data, loading, update, userId, selection, onSelectionChange }: LeadsTableProps) {
  const { settings, save } = useGridSettings(userId);
  return (
    <KeysetDataGrid<LeadListItem>
      query={query}
      data={data}
      loading={loading}
      update={update}
      columns={columns}
      checkboxSelection
      keepNonExistentRowsSelected
      rowSelectionModel={selection}
      onRowSelectionModelChange={onSelectionChange}
      columnVisibilityModel={settings.columns}
      onColumnVisibilityModelChange={(model) => save({ ...settings, columns: model })}
      density={settings.density}
      onDensityChange={(density) => save({ ...settings, density })}
      showToolbar
      slots={{ toolbar: ListToolbar }}
      noRowsLabel="No hay leads que coincidan con los filtros"
      aria-label="Leads"
    />
  );
}
