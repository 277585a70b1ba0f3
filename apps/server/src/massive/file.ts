import { isUtf8 } from 'node:buffer';
import { Readable } from 'node:stream';
import { MASSIVE_MAX_ROWS, type MassiveColumn } from '@backoffice/shared';
import { parse } from 'csv-parse';
import { HttpError } from '../lib/errors';

export type FileEncoding = 'utf-8' | 'latin1';
export type Delimiter = ';' | ',';

/** A data row of a file: its line (the header is 1), its cells by column, or why it cannot be read. */
export interface FileRow {
  line: number;
  cells: Record<string, string>;
  error?: string;
}

export interface ReadOptions {
  /** Asked by the user; detected when absent (BOM, else valid UTF-8, else Latin-1). */
  encoding?: FileEncoding;
  delimiter?: Delimiter;
}

export const FILE_MESSAGES = {
  empty: 'El archivo está vacío',
  noRows: 'El archivo no tiene filas de datos debajo del encabezado',
  tooManyRows: (max: number) => `El archivo supera las ${max.toLocaleString('es-AR')} filas: divídelo en varios lotes`,
  notUtf8: 'El archivo no está en UTF-8 (tiene caracteres de otra codificación): elige Latin-1 o guárdalo como CSV UTF-8',
  utf16: 'El archivo está en UTF-16: guárdalo como CSV UTF-8 (o Latin-1) y vuelve a subirlo',
  binary: 'El archivo no es un CSV de texto: sube un CSV o un XLSX',
  badXlsx: 'El archivo XLSX no se puede leer: ábrelo y guárdalo de nuevo como XLSX, o súbelo como CSV',
  header: (missing: string[], unknown: string[], expected: string) =>
    [
      missing.length ? `Faltan columnas en el encabezado: ${missing.join(', ')}` : '',
      unknown.length ? `Columnas desconocidas: ${unknown.join(', ')}` : '',
      `Se esperan: ${expected}`,
    ]
      .filter(Boolean)
      .join('. '),
  formula: (cell: string) => `La celda ${cell} tiene una fórmula: escribe el valor, no una fórmula`,
  badCsv: (reason: string) => `El CSV está mal formado: ${reason}`,
} as const;

const normalise = (name: string) =>
  name
    .replace(/^\uFEFF/, '')
    .trim()
    .toLowerCase();

/** Checks a header against the type's columns; answers each column's position. */
export function headerPositions(header: string[], columns: readonly MassiveColumn[]): Map<string, number> {
  const names = header.map(normalise);
  const known = new Set(columns.map((column) => column.name));
  const missing = columns.filter((column) => column.required && !names.includes(column.name)).map((column) => column.name);
  const unknown = names.filter((name) => name !== '' && !known.has(name));
  if (missing.length || unknown.length) {
    throw new HttpError(400, FILE_MESSAGES.header(missing, unknown, columns.map((column) => column.name).join(';')), [
      { field: 'file', message: 'Encabezado incorrecto' },
    ]);
  }
  return new Map(columns.map((column) => [column.name, names.indexOf(column.name)] as const).filter(([, at]) => at >= 0));
}

/** Characters handed to the CSV parser at a time: it parses each piece whole, so a piece bounds what it holds. */
const CSV_PIECE = 64 * 1024;

/** Whether the bytes from `start` are only spaces, tabs and line ends (the loop stops at the first other byte). */
function blankFrom(buffer: Buffer, start: number): boolean {
  for (const byte of buffer.subarray(start)) {
    if (byte !== 0x20 && (byte < 0x09 || byte > 0x0d)) return false;
  }
  return true;
}

/** A CSV file's encoding, detected or asked, and where its text starts (after a UTF-8 BOM); no copy is made. */
export function csvEncoding(buffer: Buffer, asked: FileEncoding | undefined): { encoding: FileEncoding; start: number } {
  if (buffer.length === 0) throw new HttpError(400, FILE_MESSAGES.empty);
  if ((buffer[0] === 0xff && buffer[1] === 0xfe) || (buffer[0] === 0xfe && buffer[1] === 0xff))
    throw new HttpError(400, FILE_MESSAGES.utf16);
  if (buffer.includes(0)) throw new HttpError(400, FILE_MESSAGES.binary);
  const bom = buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf;
  const start = bom ? 3 : 0;
  if (blankFrom(buffer, start)) throw new HttpError(400, FILE_MESSAGES.empty);
  if (asked === 'latin1') return { encoding: 'latin1', start };
  if (isUtf8(buffer.subarray(start))) return { encoding: 'utf-8', start };
  if (asked === 'utf-8') throw new HttpError(400, FILE_MESSAGES.notUtf8, [{ field: 'encoding', message: FILE_MESSAGES.notUtf8 }]);
  return { encoding: 'latin1', start };
}

/**
 * The file's text in pieces of about CSV_PIECE characters, decoded as they are read: the whole text (and
 * every record csv-parse would make of it in one go) is never held at once.
 */
export function* csvText(buffer: Buffer, encoding: FileEncoding, start: number): Generator<string> {
  const decoder = encoding === 'utf-8' ? new TextDecoder('utf-8') : undefined;
  for (let at = start; at < buffer.length; at += CSV_PIECE) {
    const end = Math.min(at + CSV_PIECE, buffer.length);
    // A UTF-8 character cut by the piece's end is kept by the decoder for the next piece.
    yield decoder ? decoder.decode(buffer.subarray(at, end), { stream: end < buffer.length }) : buffer.toString('latin1', at, end);
  }
}

/** ';' or ',': whichever the header line has more of (';' on a tie: Spanish spreadsheets write it). */
export function detectDelimiter(text: string): Delimiter {
  const firstLine = text.slice(0, text.search(/\r?\n|$/));
  const count = (char: string) => firstLine.split(char).length - 1;
  return count(',') > count(';') ? ',' : ';';
}

/**
 * A CSV's data rows, parsed as they are read (csv-parse, fed piece by piece so that its backpressure holds
 * while the rows are validated), checked against the header. Throws HttpError for what makes the whole file
 * unreadable (encoding, header, no rows, too many rows).
 */
export async function* readCsv(
  buffer: Buffer,
  columns: readonly MassiveColumn[],
  options: ReadOptions,
  found: (info: { encoding: FileEncoding; delimiter: Delimiter }) => void,
): AsyncGenerator<FileRow> {
  const { encoding, start } = csvEncoding(buffer, options.encoding);
  const delimiter = options.delimiter ?? detectDelimiter(csvText(buffer, encoding, start).next().value ?? '');
  found({ encoding, delimiter });
  const parser = Readable.from(csvText(buffer, encoding, start)).pipe(
    parse({ delimiter, bom: true, relax_column_count: true, skip_empty_lines: true, info: true, relax_quotes: true }),
  );
  let positions: Map<string, number> | undefined;
  let rows = 0;
  try {
    for await (const { record, info } of parser as AsyncIterable<{ record: string[]; info: { lines: number } }>) {
      if (!positions) {
        positions = headerPositions(record, columns);
        continue;
      }
      if (record.every((cell) => cell.trim() === '')) continue;
      if (++rows > MASSIVE_MAX_ROWS) throw new HttpError(413, FILE_MESSAGES.tooManyRows(MASSIVE_MAX_ROWS));
      const cells: Record<string, string> = {};
      for (const [name, at] of positions) cells[name] = (record[at] ?? '').trim();
      yield { line: info.lines, cells };
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, FILE_MESSAGES.badCsv(error instanceof Error ? error.message : String(error)));
  }
  if (!positions) throw new HttpError(400, FILE_MESSAGES.empty);
  if (rows === 0) throw new HttpError(400, FILE_MESSAGES.noRows);
}

type XlsxValue = null | undefined | string | number | boolean | Date | { [key: string]: unknown };

function columnLetter(index: number): string {
  let name = '';
  for (let n = index; n > 0; n = Math.floor((n - 1) / 26)) name = String.fromCharCode(65 + ((n - 1) % 26)) + name;
  return name;
}

/** A cell's text; 'formula' for a formula (its cached result is not what the user typed). */
function cellText(value: XlsxValue): string | 'formula' {
  if (value === null || value === undefined) return '';
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (value instanceof Date) return value.toISOString().slice(0, 10);
  if ('formula' in value || 'sharedFormula' in value) return 'formula';
  if ('richText' in value && Array.isArray(value.richText))
    return value.richText.map((part: { text?: string }) => part.text ?? '').join('');
  if ('text' in value) return String(value.text);
  if ('result' in value) return String(value.result);
  return '';
}

/** The first sheet's data rows of an XLSX, read as a stream (exceljs' WorkbookReader). */
export async function* readXlsx(buffer: Buffer, columns: readonly MassiveColumn[]): AsyncGenerator<FileRow> {
  if (buffer.length === 0) throw new HttpError(400, FILE_MESSAGES.empty);
  // A zip starts 'PK': anything else is not an XLSX, whatever its name says.
  if (buffer[0] !== 0x50 || buffer[1] !== 0x4b) throw new HttpError(400, FILE_MESSAGES.badXlsx);
  const { default: ExcelJS } = await import('exceljs');
  const reader = new ExcelJS.stream.xlsx.WorkbookReader(Readable.from([buffer]), {
    entries: 'emit',
    sharedStrings: 'cache',
    hyperlinks: 'ignore',
    styles: 'ignore',
    worksheets: 'emit',
  });
  let positions: Map<string, number> | undefined;
  let rows = 0;
  try {
    for await (const sheet of reader) {
      for await (const row of sheet) {
        const values = (row.values as XlsxValue[]) ?? [];
        if (!positions) {
          positions = headerPositions(
            values.slice(1).map((value) => {
              const text = cellText(value);
              return text === 'formula' ? '' : text;
            }),
            columns,
          );
          continue;
        }
        const cells: Record<string, string> = {};
        let error: string | undefined;
        for (const [name, at] of positions) {
          const text = cellText(values[at + 1]);
          if (text === 'formula') {
            error ??= FILE_MESSAGES.formula(`${columnLetter(at + 1)}${row.number}`);
            cells[name] = '';
          } else cells[name] = text.trim();
        }
        if (!error && Object.values(cells).every((cell) => cell === '')) continue;
        if (++rows > MASSIVE_MAX_ROWS) throw new HttpError(413, FILE_MESSAGES.tooManyRows(MASSIVE_MAX_ROWS));
        yield { line: row.number, cells, error };
      }
      // The first sheet only.
      break;
    }
  } catch (error) {
    if (error instanceof HttpError) throw error;
    throw new HttpError(400, FILE_MESSAGES.badXlsx);
  }
  if (!positions) throw new HttpError(400, FILE_MESSAGES.empty);
  if (rows === 0) throw new HttpError(400, FILE_MESSAGES.noRows);
}

export function isXlsx(fileName: string): boolean {
  return /\.xlsx$/i.test(fileName);
}
