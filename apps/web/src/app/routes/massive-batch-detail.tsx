import {
  formatDateTime,
  MASSIVE_CATALOGUE,
  MASSIVE_ROW_STATUS_LABELS,
  MASSIVE_ROW_STATUSES,
  massiveRowListQuerySchema,
  type MassiveBatch,
  type MassiveRowResult,
} from '@backoffice/shared';
import { Alert, Box, Button, Card, CardContent, Chip, Stack, Typography } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo, useState } from 'react';
import { DetailScreen } from '../../components/detail-screen';
import { ListScreen } from '../../components/entity-list/list-screen';
import { useListParams } from '../../components/entity-list/use-list-params';
import type { FittedColumn } from '../../components/fitted-columns';
import type { MobileRow } from '../../components/mobile-list';
import { MultiSelect } from '../../components/list-filters';
import { COUNTRY } from '../../config/env';
import { massiveKeys, useBatchAction, useMassiveBatch, useMassiveRows, type BatchAction } from '../../features/massive/api/massive';
import { BatchProgress, BatchStatusChip } from '../../features/massive/components/batch-progress';
import { resolvePath } from '../../lib/api-client';
import { useRealtimeEvent } from '../../lib/socket';

const ACTIONS: { action: BatchAction; label: string; when: (batch: MassiveBatch) => boolean }[] = [
  { action: 'start', label: 'Aplicar filas válidas', when: (b) => b.status === 'draft' && b.counts.pending > 0 },
  { action: 'pause', label: 'Pausar', when: (b) => b.status === 'queued' || b.status === 'running' },
  { action: 'resume', label: 'Reanudar', when: (b) => b.status === 'paused' },
  { action: 'cancel', label: 'Cancelar', when: (b) => ['draft', 'queued', 'running', 'paused'].includes(b.status) },
  {
    action: 'retry',
    label: 'Reintentar fallidas',
    when: (b) => ['partial', 'failed', 'cancelled'].includes(b.status) && b.counts.failed > 0,
  },
];

type GridRow = MassiveRowResult & { id: number };

function Batch({ id }: { id: number }) {
  const { data: batch, error } = useMassiveBatch(id);
  const action = useBatchAction();
  const client = useQueryClient();
  const [rate, setRate] = useState<number | null>(null);
  useRealtimeEvent('massive-batch:progress', (payload) => {
    if (payload.id !== id) return;
    setRate(payload.rate);
    client.setQueryData<MassiveBatch>(massiveKeys.batch(id), (current) =>
      current ? { ...current, status: payload.status, counts: payload.counts } : current,
    );
  });
  const params = useListParams(massiveRowListQuerySchema);
  // The grid needs an `id` on each row: a batch's row is named by its line in the file.
  const rows = useMassiveRows(id, params.search);
  const page = rows.data;
  const shown = useMemo(() => page && { ...page, rows: page.rows.map((row): GridRow => ({ ...row, id: row.row })) }, [page]);
  // The rows' results follow the batch's counts, however they arrived (the bridge or the batch's own poll).
  const progress = batch ? `${batch.status}:${batch.counts.done}:${batch.counts.failed}:${batch.counts.skipped}` : '';
  useEffect(() => {
    if (progress) void client.invalidateQueries({ queryKey: massiveKeys.rows(id) });
  }, [client, id, progress]);
  if (error) return <Alert severity="error">{error.message}</Alert>;
  if (!batch) return null;
  const entry = MASSIVE_CATALOGUE[batch.type];
  // The duration of a finished batch; a running one shows its rate and time left instead.
  const seconds = batch.started_at && batch.finished_at ? (Date.parse(batch.finished_at) - Date.parse(batch.started_at)) / 1000 : null;
  const columns: FittedColumn<GridRow>[] = [
    { field: 'row', headerName: 'Fila', width: 70, sortable: true },
    ...entry.columns.map((column): FittedColumn<GridRow> => ({
      field: `data_${column.name}`,
      headerName: column.name,
      width: 170,
      sortable: false,
      valueGetter: (_v, row) => row.data[column.name] ?? '',
    })),
    {
      field: 'status',
      headerName: 'Resultado',
      width: 170,
      sortable: false,
      valueGetter: (_v, row) => MASSIVE_ROW_STATUS_LABELS[row.status],
    },
    { field: 'error', headerName: 'Error', width: 420, sortable: false, valueGetter: (_v, row) => row.error ?? '' },
  ];
  /** A file's row on a phone: its line, its result and why it failed (or its first values). */
  const mobileRow = (row: GridRow): MobileRow => ({
    primary: `Fila ${row.row}`,
    secondary: row.error ?? entry.columns.map((column) => row.data[column.name] ?? '').join(' · '),
    status: <Chip size="small" variant="outlined" label={MASSIVE_ROW_STATUS_LABELS[row.status]} />,
  });
  return (
    <Stack spacing={2.5}>
      <Card>
        <CardContent>
          <Stack spacing={1.5}>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h6" sx={{ flexGrow: 1 }}>
                {entry.label}
              </Typography>
              <BatchStatusChip status={batch.status} />
            </Box>
            <Typography variant="body2" color="text.secondary">
              {batch.file_name ?? 'Desde una lista filtrada'} · {batch.created_by?.name ?? 'Usuario eliminado'} ·{' '}
              {formatDateTime(COUNTRY, batch.created_at)}
              {seconds !== null ? ` · duración ${Math.round(seconds)} s` : ''} · {batch.counts.total} filas ({batch.counts.invalid}{' '}
              inválidas)
            </Typography>
            <BatchProgress batch={batch} rate={rate} />
            {action.error && <Alert severity="error">{action.error.message}</Alert>}
            <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
              {ACTIONS.filter((candidate) => candidate.when(batch)).map((candidate) => (
                <Button
                  key={candidate.action}
                  variant={candidate.action === 'start' ? 'contained' : 'outlined'}
                  disabled={action.isPending}
                  onClick={() => action.mutate({ id, action: candidate.action })}
                >
                  {candidate.label}
                </Button>
              ))}
              <Button component="a" href={resolvePath(`massive-batches/${id}/results?format=csv`)} download>
                Resultados CSV
              </Button>
              <Button component="a" href={resolvePath(`massive-batches/${id}/results?format=xlsx`)} download>
                Resultados XLSX
              </Button>
            </Box>
          </Stack>
        </CardContent>
      </Card>
      <ListScreen<GridRow, { page: number; pageSize: number; sort: string; dir: 'asc' | 'desc' }>
        title="Filas"
        plural="filas"
        singular="fila"
        path="/massive-batch-detail"
        params={{
          query: { ...params.query, sort: params.query.sort ?? 'row', dir: params.query.dir ?? 'asc' },
          search: params.search,
          update: params.update,
        }}
        list={{ ...rows, data: shown }}
        columns={columns}
        mobileRow={mobileRow}
        noRowsLabel="Ninguna fila con ese resultado"
        emptyLabel="El lote no tiene filas"
        testId="massive-rows"
        filters={
          <MultiSelect
            label="Resultado"
            values={params.query.status ?? []}
            options={MASSIVE_ROW_STATUSES.map((status) => ({ value: status, label: MASSIVE_ROW_STATUS_LABELS[status] }))}
            onChange={(values) => params.update({ status: values })}
          />
        }
      />
    </Stack>
  );
}

/** /massive-batch-detail?id=: the batch, its live progress, its actions and its rows. */
export default function MassiveBatchDetailRoute() {
  return (
    <DetailScreen list={{ path: '/massive-batches', label: 'Lotes masivos' }} record="Lote" of="del lote">
      {(id) => <Batch id={id} />}
    </DetailScreen>
  );
}
