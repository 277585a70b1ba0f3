import { EXPORT_SELECTION_MAX } from '@backoffice/shared';
import { Button, LinearProgress, ListItemText, ListSubheader, Menu, MenuItem, Stack, Typography } from '@mui/material';
import { IconDownload } from '@tabler/icons-react';
import { useRef, useState } from 'react';
import { describeProgress, downloadExport, type DownloadProgress } from '../lib/download';
import { useNotify, useNotifyError } from './notifications';

const number = new Intl.NumberFormat('es');

type Format = 'csv' | 'xlsx';

/**
 * Exports a list's whole filtered set (not just the page), streamed, with progress; or, when rows are
 * selected, just those. `path` is the export endpoint (`leads/export`); `search` the list's URL params
 * (paging is dropped, the format added); `selection` the selected rows' ids.
 */
export function ExportButton({
  path,
  search,
  fallbackName,
  selection = [],
}: {
  path: string;
  search: string;
  fallbackName: string;
  selection?: number[];
}) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [progress, setProgress] = useState<DownloadProgress | null>(null);
  const controller = useRef<AbortController | null>(null);
  const notify = useNotify();
  const notifyError = useNotifyError();

  const run = async (format: Format, selected: boolean) => {
    setAnchor(null);
    controller.current = new AbortController();
    setProgress({ rows: 0, bytes: 0, total: null });
    const params = new URLSearchParams(search);
    params.delete('page');
    params.delete('cursor');
    // The selection alone, in the list's order: rows selected under other filters stay in it.
    if (selected) {
      for (const key of [...params.keys()]) if (key !== 'sort' && key !== 'dir') params.delete(key);
      params.set('ids', selection.join(','));
    }
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

  const formats = (selected: boolean, disabled = false) => [
    <MenuItem key={`csv-${selected}`} disabled={disabled} onClick={() => void run('csv', selected).catch(notifyError)}>
      <ListItemText primary="CSV" secondary="Se abre en Excel y LibreOffice" />
    </MenuItem>,
    <MenuItem key={`xlsx-${selected}`} disabled={disabled} onClick={() => void run('xlsx', selected).catch(notifyError)}>
      <ListItemText primary="Excel (XLSX)" />
    </MenuItem>,
  ];
  const tooMany = selection.length > EXPORT_SELECTION_MAX;

  if (progress) {
    const percent =
      progress.total && progress.rows !== null ? Math.min(100, (progress.rows / Math.max(progress.total, 1)) * 100) : undefined;
    return (
      <Stack
        direction="row"
        spacing={1.5}
        sx={{ alignItems: 'center', minWidth: 280 }}
        role="status"
        aria-label="Progreso de la exportación"
      >
        <Stack sx={{ flexGrow: 1 }}>
          <Typography variant="caption">{describeProgress(progress)}</Typography>
          <LinearProgress
            variant={percent === undefined ? 'indeterminate' : 'determinate'}
            value={percent}
            aria-label="Progreso de la exportación"
          />
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
        {selection.length > 0 && <ListSubheader>Todo lo filtrado</ListSubheader>}
        {formats(false)}
        {selection.length > 0 && [
          <ListSubheader key="selected">
            {selection.length === 1 ? 'La fila seleccionada' : `Las ${number.format(selection.length)} filas seleccionadas`}
            {tooMany && ` (hasta ${number.format(EXPORT_SELECTION_MAX)})`}
          </ListSubheader>,
          ...formats(true, tooMany),
        ]}
      </Menu>
    </>
  );
}
