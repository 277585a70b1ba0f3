import { Box } from '@mui/material';
import type { GridColDef, GridColumnVisibilityModel, GridRenderCellParams, GridValidRowModel } from '@mui/x-data-grid';
import { useCallback, useMemo, useState } from 'react';
import { CELL_FONT, HEADER_FONT, textWidth, widestTextWidth, widestTwoLineWidth } from '../lib/text-width';
import { BreakableText } from './status-chip';

/*
 * Columns whose widths fit the page at hand (the lead lists, the audit queue and every other list grid): every
 * column is as wide as what it shows on the page (and its header), not as the longest value it could ever show;
 * long texts wrap onto two lines where the screen is short of room, rather than widen the list past it or be
 * cut short. So on a 1366 px laptop, with the side navigation open, a list's default columns fit without
 * scrolling sideways, and a wide screen shows every text on one line.
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
export const TIGHT_CELLS_SX = {
  '& .MuiDataGrid-cell:not(.MuiDataGrid-cellEmpty), & .MuiDataGrid-columnHeader': { px: `${TIGHT_CELL_PADDING / 2}px` },
} as const;
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
export function fitColumns<R extends GridValidRowModel>(
  columns: FittedColumn<R>[],
  rows: readonly R[],
  options: FitOptions = {},
): GridColDef<R>[] {
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
  const used = columns
    .filter((column) => visibility[column.field] !== false)
    .reduce((sum, column) => sum + (column.width ?? column.minWidth ?? 100), 0);
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
