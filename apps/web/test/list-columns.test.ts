import { LEAD_SORT_FIELDS, type LeadListItem } from '@backoffice/shared';
import type { GridColumnVisibilityModel } from '@mui/x-data-grid';
import { describe, expect, it, vi } from 'vitest';
import { withColumnDefaults } from '../src/components/keyset-data-grid';
import { columnsFit, fitColumns, textColumn, type FittedColumn } from '../src/components/fitted-columns';
import { defaultColumnsFor } from '../src/domain/lead-list-columns';
import { leadColumns } from '../src/features/leads/components/leads-columns';
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

describe('the leads list’s columns', () => {
  const fields = (country: 'arg' | 'col') => leadColumns(country).map((column) => column.field);

  it('sort by exactly what the server sorts the lead lists by (a header click puts it in the URL)', () => {
    for (const country of ['arg', 'col'] as const) {
      const sortable = leadColumns(country)
        .filter((column) => column.sortable !== false)
        .map((column) => column.field);
      expect(sortable.sort()).toEqual([...LEAD_SORT_FIELDS].sort());
    }
  });

  it('show every field once, the lead’s origin among them; col adds its data rate, arg has none', () => {
    for (const country of ['arg', 'col'] as const) expect(new Set(fields(country)).size).toBe(fields(country).length);
    expect(fields('arg')).toContain('source');
    expect(leadColumns('arg').find((column) => column.field === 'next_call_at')?.headerName).toBe('Próxima llamada');
    expect(fields('arg')).not.toContain('data_rate');
    expect(fields('col').filter((field) => !fields('arg').includes(field))).toEqual(['data_rate']);
  });
});

describe('defaultColumnsFor', () => {
  // This build is arg's: role 2 is SELLER, role 1 ADMIN.
  it('hides a seller’s own name and keeps their working columns; staff keep who has the lead', () => {
    const seller = defaultColumnsFor(2, leadColumns('arg'));
    const staff = defaultColumnsFor(1, leadColumns('arg'));
    expect(seller).toMatchObject({ seller: false });
    expect(staff).not.toHaveProperty('seller');
    // What the work needs is shown to both: who, what state, how to call them, when.
    for (const field of ['id', 'customer', 'status_id', 'cellphone', 'next_call_at']) expect(seller).not.toHaveProperty(field);
    for (const field of ['id', 'customer', 'status_id', 'created_at']) expect(staff).not.toHaveProperty(field);
  });

  it('offers col’s data rate in the column chooser, hidden by default for every role', () => {
    const column = leadColumns('col').find((candidate) => candidate.field === 'data_rate')!;
    expect(column).toMatchObject({ headerName: 'Calificación de datos', sortable: false });
    const row = (data_rate: number | null) => ({ data_rate }) as LeadListItem;
    expect(column.valueGetter!(undefined as never, row(5), column, undefined as never)).toBe('5');
    expect(column.valueGetter!(undefined as never, row(null), column, undefined as never)).toBe('—');
    expect(defaultColumnsFor(1, leadColumns('col'))).toMatchObject({ data_rate: false });
    expect(defaultColumnsFor(2, leadColumns('col'))).toMatchObject({ data_rate: false });
  });
});
