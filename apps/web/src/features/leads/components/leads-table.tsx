import type { GridSettings, LeadListItem, LeadListQuery } from '@backoffice/shared';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { KeysetDataGrid, type KeysetPage } from '../../../components/keyset-data-grid';
import { defaultColumnsFor, leadMobileRow } from '../../../domain/lead-list-columns';
import { useListToolbar } from '../../../components/list-toolbar';
import { COUNTRY } from '../../../config/env';
import { useSession } from '../../../lib/session';
import type { LeadFilterPatch } from '../hooks/use-lead-list-params';
import { leadColumns } from './leads-columns';

const columns = leadColumns(COUNTRY);

/** A record on a phone: customer, status, amount and age. */
const mobileRow = leadMobileRow((status) => status.label);
const rowHref = (row: LeadListItem) => `/lead-detail?id=${row.id}`;

interface LeadsTableProps {
  query: LeadListQuery;
  data: KeysetPage<LeadListItem> | undefined;
  loading: boolean;
  /** The rows shown are out of date (rowsOutOfDate). */
  stale?: boolean;
  /** Clears the filters: offered when they match nothing. */
  onClearFilters?: () => void;
  update: (patch: LeadFilterPatch) => void;
  selection: GridRowSelectionModel;
  onSelectionChange: (selection: GridRowSelectionModel) => void;
}

/** The leads list: server-side paging, sorting and filtering, row selection, remembered columns and density. */
export function LeadsTable({ query, data, loading, stale, onClearFilters, update, selection, onSelectionChange }: LeadsTableProps) {
  // The role's defaults: until the user chooses (useListToolbar), and under their choice for the columns it does
  // not name (KeysetDataGrid's columnDefaults).
  const role = useSession()?.role;
  const defaults = useMemo<GridSettings>(() => ({ columns: defaultColumnsFor(role, columns), density: 'standard' }), [role]);
  const toolbar = useListToolbar('leads', defaults);
  return (
    <KeysetDataGrid<LeadListItem>
      query={query}
      data={data}
      loading={loading}
      stale={stale}
      onClearFilters={onClearFilters}
      update={update}
      columns={columns}
      mobileRow={mobileRow}
      rowHref={rowHref}
      columnDefaults={defaults.columns}
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
