import { LEAD_SORT_FIELDS, type LeadListItem } from '@backoffice/shared';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { describe, expect, it, vi } from 'vitest';
import { withColumnDefaults } from '../src/components/keyset-data-grid';
import {
  amountColumns,
  customerContactColumns,
  customerNameColumn,
  dataRateColumns,
  dateTimeColumn,
  defaultColumnsFor,
  emailColumn,
  columnsFit,
  fitColumns,
  idLinkColumn,
  managementColumn,
  nextCallColumn,
  sellerColumn,
  statusColumn,
  stepColumn,
  textColumn,
  type FittedColumn,
} from '../src/components/lead-list-columns';
import { textWidth, twoLineWidth } from '../src/lib/text-width';

// Outside a browser textWidth counts 10 px a character: the widths below follow from the texts' lengths.
type Row = { id: number; name: string; note: string };
const rows: Row[] = [
  { id: 1, name: 'Ana', note: 'corta' },
  { id: 2, name: 'Bartolomé', note: 'una nota bastante larga' },
];
const columns: FittedColumn<Row>[] = [
  textColumn<Row>({ field: 'name', headerName: 'Nombre', sortable: false, text: (row) => row.name }),
  textColumn<Row>({ field: 'note', headerName: 'Nota', sortable: false, text: (row) => row.note, wrap: true }),
  textColumn<Row>({ field: 'client', headerName: 'Cliente', sortable: false, flex: 1, text: (row) => row.name }),
];
const widthOf = (fitted: ReturnType<typeof fitColumns<Row>>, field: string) => {
  const column = fitted.find((candidate) => candidate.field === field)!;
  return column.flex ? column.minWidth : column.width;
};

describe('text widths', () => {
  it('wraps a text onto two lines at its best break: a space, an underscore or a hyphen, never inside a word', () => {
    expect(twoLineWidth('PENDING_CUSTOMER_APPROVAL', '')).toBe(textWidth('PENDING_CUSTOMER_', ''));
    expect(twoLineWidth('RECHAZO-AUDITORIA', '')).toBe(textWidth('AUDITORIA', ''));
    expect(twoLineWidth('una nota bastante larga', '')).toBe(textWidth('bastante larga', ''));
    expect(twoLineWidth('SINCORTE', '')).toBe(textWidth('SINCORTE', ''));
  });
});

describe('fitColumns', () => {
  it('sizes each column to the page’s widest value or its header, plus the cell’s paddings', () => {
    const fitted = fitColumns(columns, rows);
    // 'Bartolomé' (90) is wider than 'Nombre' (60).
    expect(widthOf(fitted, 'name')).toBe(90 + 20);
    // Without room to spare, a wrapping column takes its widest text on two lines: 'bastante larga' (140).
    expect(widthOf(fitted, 'note')).toBe(140 + 20);
    // The flexible column keeps the least it needs as its minimum width.
    expect(widthOf(fitted, 'client')).toBe(90 + 20);
  });

  it('tells whether the columns fit the room, and with tight paddings they take 12 px less each', () => {
    const least = 110 + 160 + 110;
    expect(columnsFit(fitColumns(columns, rows, { room: least + 4 }), { room: least + 4 })).toBe(true);
    expect(columnsFit(fitColumns(columns, rows, { room: least + 3 }), { room: least + 3 })).toBe(false);
    // An unknown width (0) is no reason to tighten.
    expect(columnsFit(fitColumns(columns, rows), { room: 0 })).toBe(true);
    const tight = fitColumns(columns, rows, { room: least + 3, padding: 8 });
    expect(widthOf(tight, 'name')).toBe(90 + 8);
    expect(columnsFit(tight, { room: least + 3 })).toBe(true);
  });

  it('keeps room for the sort arrow in a sortable column’s header, unless the grid does not sort', () => {
    const sortable = [textColumn<Row>({ field: 'name', headerName: 'Un título largo', text: (row) => row.name })];
    expect(widthOf(fitColumns(sortable, rows), 'name')).toBe(150 + 30 + 20);
    expect(widthOf(fitColumns(sortable, rows, { sorting: false }), 'name')).toBe(150 + 20);
  });

  it('widens a wrapping column to one line only when the room the others leave allows all of it', () => {
    const least = 110 + 160 + 110;
    const oneLine = 230 + 20;
    // Four px are kept against rounding; one short of what one line needs keeps the text wrapped.
    expect(widthOf(fitColumns(columns, rows, { room: least + 4 + (oneLine - 160) - 1 }), 'note')).toBe(160);
    expect(widthOf(fitColumns(columns, rows, { room: least + 4 + (oneLine - 160) }), 'note')).toBe(oneLine);
    // The selection checkboxes take their part of the room.
    expect(widthOf(fitColumns(columns, rows, { room: least + 4 + (oneLine - 160), reserved: 50 }), 'note')).toBe(160);
    // A hidden column takes none.
    const wide = [...columns, textColumn<Row>({ field: 'extra', headerName: 'Extra', sortable: false, text: () => 'x'.repeat(50) })];
    expect(widthOf(fitColumns(wide, rows, { room: least + 4 + (oneLine - 160) }), 'note')).toBe(160);
    expect(widthOf(fitColumns(wide, rows, { room: least + 4 + (oneLine - 160), visibility: { extra: false } }), 'note')).toBe(oneLine);
  });

  it('sizes a page with no rows by the headers', () => {
    expect(widthOf(fitColumns(columns, []), 'name')).toBe(60 + 20);
  });
});

describe('withColumnDefaults', () => {
  const defaults: GridColumnVisibilityModel = { seller: false, term: false };

  it('lays the user’s choice over the defaults: a column they named stays as they said, the others follow the defaults', () => {
    const choice = withColumnDefaults({ columnVisibilityModel: { term: true, cellphone: false } }, defaults);
    expect(choice.columnVisibilityModel).toEqual({ seller: false, term: true, cellphone: false });
  });

  it('saves a default-hidden column the grid shows (its "show all" leaves it unnamed) as shown', () => {
    const save = vi.fn();
    const choice = withColumnDefaults({ columnVisibilityModel: {}, onColumnVisibilityModelChange: save }, defaults);
    choice.onColumnVisibilityModelChange!({ cellphone: false }, {} as never);
    expect(save).toHaveBeenCalledWith({ cellphone: false, seller: true, term: true }, {});
  });
});

describe('defaultColumnsFor', () => {
  const leadColumns = ['id', 'created_at', 'customer', 'status_id', 'requested_amount', 'cellphone', 'seller', 'updated_at'].map(
    (field) => ({ field }) as FittedColumn<LeadListItem>,
  );

  // This build is arg's: role 2 is SELLER, role 1 ADMIN.
  it('hides a seller’s own name and keeps their working columns; staff keep who has the lead', () => {
    expect(defaultColumnsFor(2, leadColumns)).toEqual({ created_at: false, seller: false, updated_at: false });
    expect(defaultColumnsFor(1, leadColumns)).toEqual({ cellphone: false, updated_at: false });
  });

  it('offers col’s data rate in the column chooser, hidden by default for every role; arg has none', () => {
    const [column] = dataRateColumns('col');
    expect(column).toMatchObject({ field: 'data_rate', headerName: 'Calificación de datos', sortable: false });
    const row = (data_rate: number | null) => ({ data_rate }) as LeadListItem;
    expect(column!.valueGetter!(undefined as never, row(5), column!, undefined as never)).toBe('5');
    expect(column!.valueGetter!(undefined as never, row(null), column!, undefined as never)).toBe('—');
    const withRate = [...leadColumns, column!];
    expect(defaultColumnsFor(1, withRate)).toMatchObject({ data_rate: false });
    expect(defaultColumnsFor(2, withRate)).toMatchObject({ data_rate: false });
    expect(dataRateColumns('arg')).toEqual([]);
  });
});

describe('lead list columns', () => {
  it('sort by exactly what the server sorts the lead lists by (a header click puts it in the URL)', () => {
    const all = [
      idLinkColumn('Lead', '/lead-detail'),
      dateTimeColumn('created_at', 'Creado'),
      customerNameColumn,
      statusColumn((status) => status.name),
      stepColumn,
      ...amountColumns,
      ...customerContactColumns,
      emailColumn,
      managementColumn,
      nextCallColumn,
      sellerColumn,
      dateTimeColumn('updated_at', 'Actualizado'),
    ];
    const sortable = all.filter((column) => column.sortable !== false).map((column) => column.field);
    expect(sortable.sort()).toEqual([...LEAD_SORT_FIELDS].sort());
    expect(nextCallColumn.headerName).toBe('Próxima llamada');
  });
});
