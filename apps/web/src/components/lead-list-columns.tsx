import { MANAGEMENT_STATUSES, STATUSES, stepsOf, type LeadListItem, type StatusEntry } from '@backoffice/shared';
import { Link as MuiLink } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { Link } from 'react-router';
import { COUNTRY } from '../config/env';
import { dateTime, money } from '../lib/format';
import { textWidth } from '../lib/text-width';
import { FONT_FAMILY } from '../lib/theme';
import { smallStatusChipWidth, StatusChip } from './status-chip';

/* Columns of the grids that list leads (the leads list, the sales list): the same rows, the same cells. */

type Column = GridColDef<LeadListItem>;

/**
 * `#id`, linking to the row's detail screen (`/lead-detail`, `/sale-detail`). The link takes the cell's
 * tabIndex (0 only in the grid's focused cell): the grid then focuses the link itself when the arrows reach
 * the cell, and Tab leaves the grid instead of stepping through every row's link.
 */
export const idLinkColumn = (headerName: string, detailPath: string): Column => ({
  field: 'id',
  headerName,
  width: 90,
  renderCell: ({ row, tabIndex }) => (
    <MuiLink component={Link} to={`${detailPath}?id=${row.id}`} underline="hover" tabIndex={tabIndex}>
      #{row.id}
    </MuiLink>
  ),
});

export const dateTimeColumn = (field: 'created_at' | 'updated_at', headerName: string): Column => ({
  field,
  headerName,
  width: 150,
  valueFormatter: (value: string) => dateTime(value),
});

/** The customer's name: the row's flexible column. */
export const customerNameColumn: Column = {
  field: 'customer',
  headerName: 'Cliente',
  flex: 1,
  minWidth: 190,
  sortable: false,
  valueGetter: (_, row) => `${row.customer.last_name}, ${row.customer.first_name}`,
};

/** The customer's document and cellphone. */
export const customerContactColumns: Column[] = [
  { field: 'doc_number', headerName: 'Documento', width: 120, sortable: false, valueGetter: (_, row) => row.customer.doc_number },
  { field: 'cellphone', headerName: 'Celular', width: 125, sortable: false, valueGetter: (_, row) => row.customer.cellphone ?? '' },
];

/** The requested amount and its term. */
export const amountColumns: Column[] = [
  { field: 'requested_amount', headerName: 'Monto', width: 125, type: 'number', valueFormatter: (value: number) => money(value) },
  { field: 'term', headerName: 'Cuotas', width: 75, type: 'number', sortable: false },
];

/** The seller's working column: as wide as the longest management status, so none is cut short. */
export const managementColumn: Column = {
  field: 'management_status',
  headerName: 'Gestión',
  width: Math.max(...MANAGEMENT_STATUSES.map((status) => textWidth(status, `400 14px ${FONT_FAMILY}`))) + 24,
  sortable: false,
  valueGetter: (value: string | null) => value ?? '—',
};

/** The soonest pending call back: what the seller's reminders will bring up. */
export const nextCallColumn: Column = {
  field: 'next_call_at',
  headerName: 'Próxima llamada',
  width: 150,
  sortable: false,
  valueFormatter: (value: string | null) => (value ? dateTime(value) : '—'),
};

const statusById = new Map(STATUSES[COUNTRY].map((status) => [status.id, status]));

/**
 * The status as its chip, labelled by `labelOf`. The column is as wide as the widest label it can show, in
 * the browser's font (plus the cell's 10 px paddings): a status is the one cell a truncated text would lose.
 */
export function statusColumn(labelOf: (status: StatusEntry) => string): Column {
  return {
    field: 'status_id',
    headerName: 'Estado',
    width: smallStatusChipWidth(STATUSES[COUNTRY].map(labelOf)) + 24,
    sortable: false,
    renderCell: ({ row }) => {
      const status = statusById.get(row.status_id);
      return status ? <StatusChip {...status} label={labelOf(status)} /> : row.status_id;
    },
  };
}

const stepByStatus = new Map(stepsOf(COUNTRY).map((step) => [step.id, step.label]));

/** The step label of the status (SPEC 4), in a column as wide as the country's widest label (body text, 14 px). */
export const stepColumn: Column = {
  field: 'step',
  headerName: 'Paso',
  width: Math.max(...stepsOf(COUNTRY).map((step) => textWidth(step.label, `400 14px ${FONT_FAMILY}`))) + 24,
  sortable: false,
  valueGetter: (_, row) => stepByStatus.get(row.status_id) ?? '—',
};
