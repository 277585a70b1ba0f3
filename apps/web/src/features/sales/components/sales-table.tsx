import { salesStatusesOf, type GridSettings, type LeadListItem, type SalesListQuery } from '@backoffice/shared';
import { useMemo } from 'react';
import { KeysetDataGrid, type KeysetPage } from '../../../components/keyset-data-grid';
import {
  amountColumns,
  customerContactColumns,
  customerNameColumn,
  dataRateColumns,
  dateTimeColumn,
  defaultColumnsFor,
  idLinkColumn,
  leadMobileRow,
  managementColumn,
  nextCallColumn,
  sellerColumn,
  statusColumn,
  stepColumn,
} from '../../../domain/lead-list-columns';
import { type FittedColumn } from '../../../components/fitted-columns';
import { useListToolbar } from '../../../components/list-toolbar';
import { COUNTRY } from '../../../config/env';
import { useSession } from '../../../lib/session';
import type { SalesFilterPatch } from '../hooks/use-sales-list-params';

/**
 * The list holds every application of the seller, in any status: the chip reads the SPEC 4 sales name
 * (CREADO, APROBADO…) of the statuses that have one, the Spanish label of the others (issue 39: never the code).
 */
const salesNameById = new Map(salesStatusesOf(COUNTRY).map((status) => [status.id, status.name]));
const columns: FittedColumn<LeadListItem>[] = [
  idLinkColumn('Venta', '/sale-detail'),
  dateTimeColumn('created_at', 'Creada'),
  customerNameColumn,
  statusColumn((status) => salesNameById.get(status.id) ?? status.label),
  stepColumn,
  ...amountColumns,
  ...customerContactColumns,
  managementColumn,
  ...dataRateColumns(COUNTRY),
  nextCallColumn,
  sellerColumn,
  dateTimeColumn('updated_at', 'Actualizada'),
];

/** A record on a phone: customer, status, amount and age. */
const mobileRow = leadMobileRow((status) => salesNameById.get(status.id) ?? status.label);
const rowHref = (row: LeadListItem) => `/sale-detail?id=${row.id}`;

interface SalesTableProps {
  query: SalesListQuery;
  data: KeysetPage<LeadListItem> | undefined;
  loading: boolean;
  /** The rows shown are out of date (rowsOutOfDate). */
  stale?: boolean;
  /** Clears the filters: offered when they match nothing. */
  onClearFilters?: () => void;
  update: (patch: SalesFilterPatch) => void;
}

/**
 * Server-side paging (keyset cursors, the page number in the URL with its cursor), sorting and filtering;
 * columns and density chosen by each user and remembered, as on /leads.
 */
export function SalesTable({ query, data, loading, stale, onClearFilters, update }: SalesTableProps) {
  // The role's defaults: until the user chooses (useListToolbar), and under their choice for the columns it does
  // not name (KeysetDataGrid's columnDefaults).
  const role = useSession()?.role;
  const defaults = useMemo<GridSettings>(() => ({ columns: defaultColumnsFor(role, columns), density: 'standard' }), [role]);
  const toolbar = useListToolbar('sales', defaults);
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
      {...toolbar}
      disableRowSelectionOnClick
      noRowsLabel="No hay ventas que coincidan con los filtros"
      emptyLabel="No hay ventas"
      aria-label="Ventas"
    />
  );
}
