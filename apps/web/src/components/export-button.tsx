import { Button, LinearProgress, ListItemText, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { downloadExport, type DownloadProgress } from '../lib/download';
import { useNotify } from './notifications';

const number = new Intl.NumberFormat('es');

/**
 * Exports a list's whole filtered set (not just the page), streamed, with progress. `path` is the export
 * endpoint (`leads/export`); `search` the list's URL params (paging is dropped, the format added).
 */
export function ExportButton({ path, search, fallbackName }: { path: string; search: string; fallbackName: string }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const notify = useNotify();

  const run = async (format: 'csv' | 'xlsx') => {
    setAnchor(null);
    controller.current = new AbortController();
    setProgress({ rows: 0, bytes: 0, total: null });
    const params = new URLSearchParams(search);
    params.delete('page');
    params.delete('cursor');
    params.set('format', format);
    try {
      await downloadExport(`${path}?${params}`, {
        fallbackName: `${fallbackName}.${format}`,
        onProgress: setProgress,
        signal: controller.current.signal,
      });
      notify('Exportación lista');
    } catch (error) {
      if ((error as Error).name !== 'AbortError') notify({ message: (error as Error).message, color: 'error', timeout: 5000 });
    } finally {
      setProgress(null);
    }
  };

  if (progress) {
    const percent = progress.total && progress.rows !== null ? Math.min(100, (progress.rows / Math.max(progress.total, 1)) * 100) : undefined;
    return (
      <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', minWidth: 280 }} role="status" aria-label="Progreso de la exportación">
        <Stack sx={{ flexGrow: 1 }}>
          <Typography variant="caption">
            {progress.rows !== null ? `${number.format(progress.rows)}${progress.total ? ` de ${number.format(progress.total)}` : ''} filas` : `${number.format(Math.round(progress.bytes / 1024))} KB`}
          </Typography>
          <LinearProgress variant={percent === undefined ? 'indeterminate' : 'determinate'} value={percent} />
        </Stack>
        <Button size="small" onClick={() => controller.current?.abort()}>
          Cancelar
        </Button>
      </Stack>
    );
  }

  return (
    <>
      <Button variant="outlined" startIcon={<IconDownload size={18} />} onClick={(event) => setAnchor(event.currentTarget)}>
        Exportar
      </Button>
      <Menu anchorEl={anchor} open={!!anchor} onClose={() => setAnchor(null)}>
        <MenuItem onClick={() => run('csv')}>
          <ListItemText primary="CSV" secondary="Se abre en Excel y LibreOffice" />
        </MenuItem>
        <MenuItem onClick={() => run('xlsx')}>
          <ListItemText primary="Excel (XLSX)" />
        </MenuItem>
      </Menu>
    </>
  );
}
