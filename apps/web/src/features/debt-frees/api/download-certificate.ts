import { ApiError, resolvePath } from '../../../lib/api-client';

/** Downloads the stored PDF of an accepted request (the same bytes every time). */
export async function downloadCertificate(id: number): Promise<void> {
  const response = await fetch(resolvePath(`debt-frees/${id}/certificate`), { credentials: 'include' });
  if (!response.ok) {
    let message = 'No se pudo descargar el certificado';
    try {
      message = ((await response.json()) as { statusMessage?: string }).statusMessage ?? message;
    } catch {
      // keep the generic message
    }
    throw new ApiError(response.status, message);
  }
  const header = response.headers.get('Content-Disposition') ?? '';
  const name = /filename="([^"]+)"/.exec(header)?.[1] ?? `libre-deuda-${id}.pdf`;
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}
