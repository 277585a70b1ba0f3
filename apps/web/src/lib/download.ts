import { resolvePath, ApiError } from './api-client';

export interface DownloadProgress {
  /** Rows received so far (CSV) or null when the format cannot be counted while streaming. */
  rows: number | null;
  bytes: number;
  /** Rows the server announced in X-Total-Count. */
  total: number | null;
}

const number = new Intl.NumberFormat('es');

/**
 * What an export's progress reads. Until its first bytes arrive (an XLSX's take seconds), that the file is
 * being prepared, with the rows the server announced; then the rows received (CSV) or the kilobytes (XLSX).
 */
export function describeProgress({ rows, bytes, total }: DownloadProgress): string {
  const announced = total === null ? '' : ` (${number.format(total)} ${total === 1 ? 'fila' : 'filas'})`;
  if (bytes === 0) return `Preparando archivo…${announced}`;
  if (rows !== null) return `${number.format(rows)}${total ? ` de ${number.format(total)}` : ''} filas`;
  return `${number.format(Math.round(bytes / 1024))} KB${announced}`;
}

function filenameOf(response: Response, fallback: string): string {
  const header = response.headers.get('Content-Disposition') ?? '';
  const match = /filename\*?=(?:UTF-8'')?"?([^";]+)"?/i.exec(header);
  return match ? decodeURIComponent(match[1]!) : fallback;
}

/**
 * Streams a server export: reads the body chunk by chunk (the tab stays responsive), reports progress,
 * then hands the file to the browser. The chunks are kept as Blob parts, which the browser may page out.
 */
export async function downloadExport(
  path: string,
  { fallbackName, onProgress, signal }: { fallbackName: string; onProgress: (progress: DownloadProgress) => void; signal?: AbortSignal },
): Promise<void> {
  const response = await fetch(resolvePath(path), { credentials: 'include', signal });
  if (!response.ok || !response.body) {
    let message = 'No se pudo exportar';
    try {
      message = ((await response.json()) as { statusMessage?: string }).statusMessage ?? message;
    } catch {
      // keep the generic message
    }
    throw new ApiError(response.status, message);
  }
  const announced = Number(response.headers.get('X-Total-Count') ?? NaN);
  const total = Number.isFinite(announced) ? announced : null;
  const countsRows = (response.headers.get('Content-Type') ?? '').includes('text/csv');
  // The rows to come, told before the first chunk.
  onProgress({ rows: countsRows ? 0 : null, bytes: 0, total });
  const reader = response.body.getReader();
  const parts: BlobPart[] = [];
  let bytes = 0;
  let newlines = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    parts.push(value);
    bytes += value.byteLength;
    if (countsRows) for (const byte of value) if (byte === 10) newlines++;
    onProgress({ rows: countsRows ? Math.max(newlines - 1, 0) : null, bytes, total });
  }
  const url = URL.createObjectURL(new Blob(parts, { type: response.headers.get('Content-Type') ?? 'application/octet-stream' }));
  const anchor = document.createElement('a');
  anchor.href = url;
  anchor.download = filenameOf(response, fallbackName);
  document.body.append(anchor);
  anchor.click();
  anchor.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
