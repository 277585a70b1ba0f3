import { once } from 'node:events';
import { PassThrough, pipeline, Readable } from 'node:stream';
import { createGzip } from 'node:zlib';
import { LEAD_SOURCE_LABELS, STATUSES, type Country, type StatusEntry } from '@backoffice/shared';
import type { ExportRow } from '../lists/leads';
import { stepLabelOf } from '../repositories/leads';

/** An export row: the list row plus its times already in the country's local time ('YYYY-MM-DD HH:MM'). */

export interface Column<R = ExportRow> {
  header: string;
  width: number;
  /** Numbers stay numbers in XLSX; in CSV they are written without formula neutralisation. */
  kind: 'text' | 'number' | 'money' | 'date';
  value: (row: R) => string | number | null;
}

const statusesById = {
  arg: new Map(STATUSES.arg.map((status) => [status.id, status])),
  col: new Map(STATUSES.col.map((status) => [status.id, status])),
} satisfies Record<Country, Map<number, StatusEntry>>;

/** Spanish headers; country-specific columns only where they exist (CUIL in arg, data rate in col). */
export function exportColumns(country: Country): Column[] {
  const columns: (Column | false)[] = [
    { header: 'Lead', width: 10, kind: 'number', value: (r) => r.id },
    { header: 'Fecha de creación', width: 18, kind: 'date', value: (r) => r.createdLocal },
    { header: 'Estado', width: 28, kind: 'text', value: (r) => statusesById[country].get(r.statusId)?.label ?? String(r.statusId) },
    { header: 'Paso', width: 18, kind: 'text', value: (r) => stepLabelOf(country, r.statusId) },
    { header: 'Tipo de documento', width: 10, kind: 'text', value: (r) => r.docType },
    { header: 'Documento', width: 14, kind: 'text', value: (r) => r.docNumber },
    country === 'arg' && { header: 'CUIL', width: 14, kind: 'text', value: (r) => r.cuil },
    { header: 'Nombre', width: 18, kind: 'text', value: (r) => r.firstName },
    { header: 'Apellido', width: 18, kind: 'text', value: (r) => r.lastName },
    { header: 'Celular', width: 14, kind: 'text', value: (r) => r.cellphone },
    { header: 'Email', width: 30, kind: 'text', value: (r) => r.email },
    { header: 'Monto solicitado', width: 16, kind: 'money', value: (r) => r.requestedAmount / 100 },
    { header: 'Cuotas', width: 8, kind: 'number', value: (r) => r.term },
    { header: 'Vendedor', width: 22, kind: 'text', value: (r) => r.sellerName ?? 'Sin asignar' },
    { header: 'Gestión', width: 30, kind: 'text', value: (r) => r.managementStatus ?? 'Sin gestión' },
    // What a list sorted by the next call is sorted by: the seller's call plan, on paper.
    { header: 'Próxima llamada', width: 18, kind: 'date', value: (r) => r.nextCallLocal },
    { header: 'Origen', width: 12, kind: 'text', value: (r) => LEAD_SOURCE_LABELS[r.source] },
    country === 'col' && { header: 'Calificación de datos', width: 10, kind: 'number', value: (r) => r.dataRate },
    { header: 'Última actualización', width: 18, kind: 'date', value: (r) => r.updatedLocal },
    // The status's code, as the API names it, for whoever matches the file against other systems.
    {
      header: 'Código de estado',
      width: 26,
      kind: 'text',
      value: (r) => statusesById[country].get(r.statusId)?.name ?? String(r.statusId),
    },
  ];
  return columns.filter((column): column is Column => column !== false);
}

export const CSV_SEPARATOR = ';';
const BOM = '\uFEFF';

/**
 * A CSV cell: text that a spreadsheet would run as a formula (starting with = + - @, or a tab or carriage
 * return that hides one) gets a leading apostrophe; cells with the separator, quotes or line breaks are
 * quoted, quotes doubled.
 */
export function csvCell(value: string | number | null, kind: Column<unknown>['kind']): string {
  if (value === null) return '';
  if (typeof value === 'number') {
    // Spanish spreadsheets read a decimal comma (amounts are whole in practice).
    return kind === 'money' && !Number.isInteger(value) ? value.toFixed(2).replace('.', ',') : String(value);
  }
  let text = value;
  if (/^[=+\-@\t\r]/.test(text)) text = `'${text}`;
  return /[";\r\n]/.test(text) || text !== text.trim() ? `"${text.replace(/"/g, '""')}"` : text;
}

function csvLine(values: string[]): string {
  return `${values.join(CSV_SEPARATOR)}\r\n`;
}

/** UTF-8 with a BOM (Excel then reads the accents right), ';' separated, CRLF: one chunk per batch. */
export function csvStream(country: Country, batches: AsyncIterable<ExportRow[]>): Readable {
  return tableCsvStream(exportColumns(country), batches);
}

/** Any list's rows as CSV, as csvStream writes the leads'. */
export function tableCsvStream<R>(columns: Column<R>[], batches: AsyncIterable<R[]>): Readable {
  async function* generate() {
    yield BOM + csvLine(columns.map((column) => csvCell(column.header, 'text')));
    for await (const batch of batches) {
      let chunk = '';
      for (const row of batch) chunk += csvLine(columns.map((column) => csvCell(column.value(row), column.kind)));
      yield chunk;
    }
  }
  return Readable.from(generate(), { objectMode: false });
}

/**
 * Whether the client takes a gzip answer (`Accept-Encoding: gzip`, not refused with `q=0`). Browsers always
 * do, and undo it before the page's code reads the body.
 */
export function acceptsGzip(acceptEncoding: string | undefined): boolean {
  return (acceptEncoding ?? '').split(',').some((entry) => {
    const [coding = '', ...params] = entry.trim().toLowerCase().split(';');
    if (coding.trim() !== 'gzip') return false;
    const q = params.map((param) => param.trim()).find((param) => param.startsWith('q='));
    return q === undefined || Number(q.slice(2)) > 0;
  });
}

/**
 * A CSV export compressed as it streams: its text shrinks to a sixth or less (100,000 rows: ~20 MB to ~3 MB
 * on the wire) for ~0.1 s of CPU. An XLSX is a zip already.
 */
export function gzipStream(source: Readable): Readable {
  const gzip = createGzip();
  // A source that fails mid-way fails the answer (the client sees a broken download, not a short file).
  pipeline(source, gzip, (error) => {
    if (error) gzip.destroy(error);
  });
  return gzip;
}

/**
 * XLSX written while the rows arrive (exceljs' streaming WorkbookWriter, no shared strings table): each
 * row is committed and leaves memory; between batches we wait while the client is slower than the zip.
 */
export function xlsxStream(country: Country, batches: AsyncIterable<ExportRow[]>, onError: (error: unknown) => void): Readable {
  return tableXlsxStream('Leads', exportColumns(country), batches, onError);
}

/** Any list's rows as XLSX, as xlsxStream writes the leads'. */
export function tableXlsxStream<R>(
  sheetName: string,
  columns: Column<R>[],
  batches: AsyncIterable<R[]>,
  onError: (error: unknown) => void,
): Readable {
  const output = new PassThrough();
  (async () => {
    // Loaded on the first XLSX export only (it weighs ~17 MB of memory).
    const { default: ExcelJS } = await import('exceljs');
    const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: output, useStyles: true, useSharedStrings: false });
    const sheet = workbook.addWorksheet(sheetName, { views: [{ state: 'frozen', ySplit: 1 }] });
    sheet.columns = columns.map((column, i) => ({
      key: String(i),
      header: column.header,
      width: column.width,
      style: column.kind === 'money' ? { numFmt: '#,##0.00' } : column.kind === 'date' ? { numFmt: 'yyyy-mm-dd hh:mm' } : {},
    }));
    sheet.getRow(1).font = { bold: true };
    sheet.getRow(1).commit();

    for await (const batch of batches) {
      // The client went away: stop reading batches (the generator's finally ends the keyset walk).
      if (output.destroyed) return;
      for (const row of batch) {
        sheet
          .addRow(
            columns.map((column) => {
              const value = column.value(row);
              // Local wall-clock time stored as such: the cell shows what the CSV says.
              return column.kind === 'date' && typeof value === 'string' ? new Date(`${value.replace(' ', 'T')}:00Z`) : value;
            }),
          )
          .commit();
      }
      if (output.writableNeedDrain) await once(output, 'drain');
    }
    sheet.commit();
    await workbook.commit();
  })().catch((error: unknown) => {
    onError(error);
    output.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return output;
}
