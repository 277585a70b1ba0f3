import { isSellerOrWoAssignation, STATUSES, stepsOf, type Country, type LeadListItem, type RoleId, type StatusEntry } from '@backoffice/shared';
import { Box, Link as MuiLink } from '@mui/material';
import type { GridColDef, GridColumnVisibilityModel, GridRenderCellParams, GridValidRowModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { COUNTRY } from '../config/env';
import { age, dateTime, money } from '../lib/format';
import { CELL_FONT, HEADER_FONT, textWidth, widestTextWidth, widestTwoLineWidth } from '../lib/text-width';
import type { MobileRow } from './mobile-list';
import { BreakableText, smallStatusChipWidths, StatusChip } from './status-chip';

/*
 * Columns of the grids that list leads (the leads list, the sales list; the audit queue fits its own the same
 * way): the same rows, the same cells. Every column is as wide as what it shows on the page at hand (and its
 * header), not as the longest value it could ever show; long texts (a status, a management status, a name)
 * wrap onto two lines where the screen is short of room, rather than widen the list past it or be cut short.
 * So on a 1366 px laptop, with the side navigation open, a list's default columns fit without scrolling
 * sideways, and a wide screen shows every text on one line.
 */

/**
 * A column whose width fits the page (fitColumns): `fit` gives the width its cells' content needs for these
 * rows (without the cell's paddings): one number, or for a column whose texts may wrap onto two lines the
 * least it needs (`wrapped`) and what it needs to show every text on one line (`oneLine`).
 */
export type FittedColumn<R extends GridValidRowModel> = GridColDef<R> & { fit?: (rows: readonly R[]) => number | Fit };
interface Fit {
  wrapped: number;
  oneLine: number;
}

/** The cell's paddings, 10 px a side (texts are measured to the next whole pixel). */
const CELL_PADDING = 20;
/** The paddings where a page's texts do not fit a short screen with the usual ones: 4 px a side. */
const TIGHT_CELL_PADDING = 8;
/** The grid's styles for tight cells (useFittedColumns' `tight`). */
export const TIGHT_CELLS_SX = { '& .MuiDataGrid-cell:not(.MuiDataGrid-cellEmpty), & .MuiDataGrid-columnHeader': { px: `${TIGHT_CELL_PADDING / 2}px` } } as const;
/** The sort arrow a sorted column's header shows beside its title (a 28 px button and the 2 px gap). */
const SORT_BUTTON = 30;
/**
 * Kept free of the width the grid reports, against rounding. The lists grow with their rows (the page
 * scrolls, not the grid): no scrollbar of their own takes a part of it.
 */
const ROOM_MARGIN = 4;

export interface FitOptions {
  /** Whether the grid sorts by its columns (a sortable column's header keeps room for the arrow). */
  sorting?: boolean;
  /** The columns hidden (the grid's column visibility model): they take no room. */
  visibility?: GridColumnVisibilityModel;
  /** The grid's width (0 while unknown). */
  room?: number;
  /** What the grid's own columns take of it (the selection checkboxes). */
  reserved?: number;
  /** Each cell's paddings (CELL_PADDING, or TIGHT_CELL_PADDING where the columns do not fit with those). */
  padding?: number;
}

/**
 * The grid's columns for these rows. Each is as wide as its content on the page needs, or its header (with
 * room for the sort arrow where the column sorts), whichever is wider; a column whose texts may wrap starts
 * at their width on two lines. The room the shown columns leave goes to those, the one that needs the least
 * of it to show its texts on one line first (so that as many do as the room allows); what is left stays with
 * the flexible column. So texts wrap only where the screen is short of room.
 */
export function fitColumns<R extends GridValidRowModel>(columns: FittedColumn<R>[], rows: readonly R[], options: FitOptions = {}): GridColDef<R>[] {
  const { sorting = true, visibility = {}, room = 0, reserved = 0, padding = CELL_PADDING } = options;
  const sized = columns.map(({ fit, ...column }) => {
    if (!fit) return { column, least: column.width ?? column.minWidth ?? 100, most: 0 };
    const header = textWidth(column.headerName ?? '', HEADER_FONT) + (sorting && column.sortable !== false ? SORT_BUTTON : 0);
    const needs = fit(rows);
    const { wrapped, oneLine } = typeof needs === 'number' ? { wrapped: needs, oneLine: needs } : needs;
    const least = Math.ceil(Math.max(header, wrapped)) + padding;
    return { column, least, most: Math.ceil(Math.max(header, oneLine)) + padding, fit };
  });
  const shown = sized.filter(({ column }) => visibility[column.field] !== false);
  let free = room - reserved - ROOM_MARGIN - shown.reduce((sum, { least }) => sum + least, 0);
  const widths = new Map<string, number>();
  // Half a wrapped column's worth would leave its texts wrapped: a column grows by all it needs, or not at all.
  for (const { column, least, most } of shown.filter(({ fit }) => fit).sort((a, b) => a.most - a.least - (b.most - b.least))) {
    if (most - least > free) break;
    widths.set(column.field, most);
    free -= most - least;
  }
  return sized.map(({ column, least, fit }) => {
    if (!fit) return column;
    const width = widths.get(column.field) ?? least;
    return column.flex ? { ...column, minWidth: width } : { ...column, width };
  });
}

/**
 * Whether fitted columns fit the room: the grid's width is known and the columns' widths (a flexible one at
 * its least) sum to no more than it.
 */
export function columnsFit(columns: readonly GridColDef[], options: FitOptions = {}): boolean {
  const { visibility = {}, room = 0, reserved = 0 } = options;
  const used = columns.filter((column) => visibility[column.field] !== false).reduce((sum, column) => sum + (column.width ?? column.minWidth ?? 100), 0);
  return room === 0 || used <= room - reserved - ROOM_MARGIN;
}

const NO_ROWS: readonly never[] = [];

/**
 * fitColumns for a list's page and the grid's width, kept while the widths stay the same: a refreshed page
 * with the same widths hands the grid the same columns (a new set would undo a column the user widened by
 * hand). `onResize` goes to the grid, which tells it its width.
 */
export function useFittedColumns<R extends GridValidRowModel>(
  columns: FittedColumn<R>[],
  rows: readonly R[] | undefined,
  options: Omit<FitOptions, 'room' | 'padding'> = {},
): { columns: GridColDef<R>[]; onResize: (size: { width: number }) => void; tight: boolean } {
  const [room, setRoom] = useState(0);
  const usual = fitColumns(columns, rows ?? NO_ROWS, { ...options, room });
  // A page whose texts are wider than a short screen even wrapped: its cells give up some padding, so every
  // value stays whole and no column ends past the grid's edge.
  const tight = !columnsFit(usual, { ...options, room });
  const fitted = tight ? fitColumns(columns, rows ?? NO_ROWS, { ...options, room, padding: TIGHT_CELL_PADDING }) : usual;
  const widths = fitted.map((column) => `${column.field}:${column.width ?? ''}:${column.minWidth ?? ''}`).join(' ');
  // The widths are what the memo is about; `fitted` is this render's, with these widths.
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const kept = useMemo(() => fitted, [columns, widths]);
  const onResize = useCallback(({ width }: { width: number }) => setRoom(Math.floor(width)), []);
  return { columns: kept, onResize, tight };
}

/**
 * A text column: the cell reads `text(row)`, and the column is as wide as the widest on the page; with
 * `wrap`, a text the column is too narrow for wraps onto two lines (WrappingText), and the column may be as
 * narrow as the widest of them on two lines.
 */
export function textColumn<R extends GridValidRowModel>({
  text,
  wrap = false,
  ...column
}: GridColDef<R> & { text: (row: R) => string; wrap?: boolean }): FittedColumn<R> {
  return {
    valueGetter: (_: unknown, row: R) => text(row),
    ...(wrap && { renderCell: renderWrapping }),
    ...column,
    fit: (rows) => {
      const texts = rows.map(text);
      const oneLine = widestTextWidth(texts, CELL_FONT);
      return wrap ? { wrapped: widestTwoLineWidth(texts, CELL_FONT), oneLine } : oneLine;
    },
  };
}

/**
 * A cell's text on up to two lines: wrapped at a space, hyphen or underscore when wider than its column
 * (which fitColumns keeps wide enough for two), never cut short.
 */
export function WrappingText({ text }: { text: string }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', height: '100%', minWidth: 0 }}>
      <Box component="span" sx={{ whiteSpace: 'normal', lineHeight: 1.2, overflow: 'hidden', maxHeight: '2.4em' }}>
        <BreakableText text={text} />
      </Box>
    </Box>
  );
}

const renderWrapping = ({ formattedValue, value }: GridRenderCellParams) => <WrappingText text={String(formattedValue ?? value ?? '')} />;

type Column = FittedColumn<LeadListItem>;

/**
 * `#id`, linking to the row's detail screen (`/lead-detail`, `/sale-detail`). The link takes the cell's
 * tabIndex (0 only in the grid's focused cell): the grid then focuses the link itself when the arrows reach
 * the cell, and Tab leaves the grid instead of stepping through every row's link.
 */
export const idLinkColumn = (headerName: string, detailPath: string): Column => ({
  field: 'id',
  headerName,
  fit: (rows) => widestTextWidth(rows.map((row) => `#${row.id}`), CELL_FONT),
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
export const emailColumn: Column = textColumn({ field: 'email', headerName: 'Email', sortable: false, text: (row) => row.customer.email ?? '' });

/** The requested amount and its term. */
export const amountColumns: Column[] = [
  {
    field: 'requested_amount',
    headerName: 'Monto',
    type: 'number',
    valueFormatter: (value: number) => money(value),
    fit: (rows) => widestTextWidth(rows.map((row) => money(row.requested_amount)), CELL_FONT),
  },
  { field: 'term', headerName: 'Cuotas', type: 'number', sortable: false, fit: (rows) => widestTextWidth(rows.map((row) => String(row.term)), CELL_FONT) },
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
