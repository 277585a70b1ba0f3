import {
  isSellerOrWoAssignation,
  STATUSES,
  stepsOf,
  type Country,
  type LeadListItem,
  type RoleId,
  type StatusEntry,
} from '@backoffice/shared';
import { Link as MuiLink } from '@mui/material';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { Link } from 'react-router';
import { textColumn, type FittedColumn } from '../components/fitted-columns';
import type { MobileRow } from '../components/mobile-list';
import { smallStatusChipWidths, StatusChip } from '../components/status-chip';
import { COUNTRY } from '../config/env';
import { age, dateTime, money } from '../lib/format';
import { CELL_FONT, widestTextWidth } from '../lib/text-width';

/*
 * Columns of the grids that list leads (the leads list, the sales list; the audit queue and the other lists
 * take some of them): the same rows, the same cells, fitted to the page (components/fitted-columns.tsx).
 */

type Column = FittedColumn<LeadListItem>;

/**
 * `#id`, linking to the row's detail screen (`/lead-detail`, `/sale-detail`). The link takes the cell's
 * tabIndex (0 only in the grid's focused cell): the grid then focuses the link itself when the arrows reach
 * the cell, and Tab leaves the grid instead of stepping through every row's link.
 */
export const idLinkColumn = (headerName: string, detailPath: string): Column => ({
  field: 'id',
  headerName,
  fit: (rows) =>
    widestTextWidth(
      rows.map((row) => `#${row.id}`),
      CELL_FONT,
    ),
  renderCell: ({ row, tabIndex }) => (
    <MuiLink component={Link} to={`${detailPath}?id=${row.id}`} underline="hover" tabIndex={tabIndex}>
      #{row.id}
    </MuiLink>
  ),
});

export const dateTimeColumn = (field: 'created_at' | 'updated_at', headerName: string): Column =>
  textColumn({ field, headerName, text: (row) => dateTime(row[field]) });

/** The customer's name: the row's flexible column, taking the room the others leave. */
export const customerNameColumn: Column = textColumn({
  field: 'customer',
  headerName: 'Cliente',
  flex: 1,
  sortable: false,
  text: (row) => `${row.customer.last_name}, ${row.customer.first_name}`,
  wrap: true,
});

/** The customer's document and cellphone. */
export const customerContactColumns: Column[] = [
  textColumn({ field: 'doc_number', headerName: 'Documento', sortable: false, text: (row) => row.customer.doc_number }),
  textColumn({ field: 'cellphone', headerName: 'Celular', sortable: false, text: (row) => row.customer.cellphone ?? '' }),
];

/** The customer's email. */
export const emailColumn: Column = textColumn({
  field: 'email',
  headerName: 'Email',
  sortable: false,
  text: (row) => row.customer.email ?? '',
});

/** The requested amount and its term. */
export const amountColumns: Column[] = [
  {
    field: 'requested_amount',
    headerName: 'Monto',
    type: 'number',
    valueFormatter: (value: number) => money(value),
    fit: (rows) =>
      widestTextWidth(
        rows.map((row) => money(row.requested_amount)),
        CELL_FONT,
      ),
  },
  {
    field: 'term',
    headerName: 'Cuotas',
    type: 'number',
    sortable: false,
    fit: (rows) =>
      widestTextWidth(
        rows.map((row) => String(row.term)),
        CELL_FONT,
      ),
  },
];

/** The seller's working column ('Envío link para' / 'continuar solicitud' where room is short). */
export const managementColumn: Column = textColumn({
  field: 'management_status',
  headerName: 'Gestión',
  sortable: false,
  text: (row) => row.management_status ?? '—',
  wrap: true,
});

/**
 * The soonest pending call back: what the seller's reminders will bring up. Sorts (the server's
 * `next_call_at`): the first click puts the soonest first; leads without one come last either way.
 */
export const nextCallColumn: Column = textColumn({
  field: 'next_call_at',
  headerName: 'Próxima llamada',
  text: (row) => (row.next_call_at ? dateTime(row.next_call_at) : '—'),
});

/**
 * col's data rate (SPEC 3: 1 to 7), which the lists filter by and the export holds; arg has none, so no
 * column. Hidden by default (HIDDEN_BY_DEFAULT), in the column chooser.
 */
export const dataRateColumns = (country: Country): Column[] =>
  country === 'col'
    ? [
        textColumn({
          field: 'data_rate',
          headerName: 'Calificación de datos',
          sortable: false,
          text: (row) => (row.data_rate === null ? '—' : String(row.data_rate)),
        }),
      ]
    : [];

/** Who works the lead. */
export const sellerColumn: Column = textColumn({
  field: 'seller',
  headerName: 'Vendedor',
  sortable: false,
  text: (row) => row.seller?.name ?? 'Sin asignar',
  wrap: true,
});

const statusById = new Map(STATUSES[COUNTRY].map((status) => [status.id, status]));

/**
 * The status as its chip, labelled by `labelOf`: as wide as the labels on the page need, a long one wrapping
 * onto two lines where room is short ('PENDING_CUSTOMER_' / 'APPROVAL'). A status is never cut short.
 */
export function statusColumn(labelOf: (status: StatusEntry) => string): Column {
  const labelOfRow = (row: LeadListItem) => {
    const status = statusById.get(row.status_id);
    return status ? labelOf(status) : String(row.status_id);
  };
  return {
    field: 'status_id',
    headerName: 'Estado',
    sortable: false,
    fit: (rows) => smallStatusChipWidths(rows.map(labelOfRow)),
    renderCell: ({ row }) => {
      const status = statusById.get(row.status_id);
      return status ? <StatusChip {...status} label={labelOf(status)} wrap /> : row.status_id;
    },
  };
}

const stepByStatus = new Map(stepsOf(COUNTRY).map((step) => [step.id, step.label]));

/** The step label of the status (SPEC 4). */
export const stepColumn: Column = textColumn({
  field: 'step',
  headerName: 'Paso',
  sortable: false,
  text: (row) => stepByStatus.get(row.status_id) ?? '—',
  wrap: true,
});

/**
 * The columns a role does not need by default, on either lead list (a list's choice names only its own
 * columns). All stay in the column chooser. With the rest, a list fits a 1366 px laptop with the side
 * navigation open:
 * - staff read who has the lead, its status, amount and management; the step repeats the status, and the
 *   customer's document and cellphone, the term, the dates of the last change and the next call, the
 *   email, col's data rate and the source are at hand in the detail (or a filter);
 * - a seller lists only their own leads (their own name in every row is no column of theirs) and works them
 *   by phone: the status, the amount the customer asked for, the cellphone, the management and the next call.
 */
const HIDDEN_BY_DEFAULT = {
  staff: ['step', 'term', 'doc_number', 'cellphone', 'email', 'next_call_at', 'data_rate', 'source', 'updated_at'],
  seller: ['created_at', 'step', 'term', 'doc_number', 'email', 'data_rate', 'source', 'seller', 'updated_at'],
} as const;

/** A lead list's default column choice for the role (KeysetDataGrid's columnDefaults). */
export function defaultColumnsFor(role: RoleId | undefined, columns: readonly FittedColumn<LeadListItem>[]): GridColumnVisibilityModel {
  const hidden: readonly string[] = HIDDEN_BY_DEFAULT[role !== undefined && isSellerOrWoAssignation(COUNTRY, role) ? 'seller' : 'staff'];
  return Object.fromEntries(columns.filter((column) => hidden.includes(column.field)).map((column) => [column.field, false]));
}

/**
 * A lead or sale on a phone (MobileList): the customer, the status's chip with its label (`labelOf`, as the
 * list's status column), the amount asked for and how long ago it came in.
 */
export function leadMobileRow(labelOf: (status: StatusEntry) => string): (row: LeadListItem) => MobileRow {
  return (row) => {
    const status = statusById.get(row.status_id);
    return {
      primary: `${row.customer.last_name}, ${row.customer.first_name}`,
      secondary: `#${row.id}`,
      status: status ? <StatusChip {...status} label={labelOf(status)} /> : undefined,
      amount: money(row.requested_amount),
      age: age(row.created_at),
    };
  };
}
