import {
  MASSIVE_BATCH_STATUS_LABELS,
  MASSIVE_BATCH_STATUSES,
  MASSIVE_CATALOGUE,
  MASSIVE_TYPES,
  formatDateTime,
  massiveBatchListQuerySchema,
  type MassiveBatch,
} from '@backoffice/shared';
import { Button, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { ListScreen } from '../../components/entity-list/list-screen';
import { useListParams } from '../../components/entity-list/use-list-params';
import type { FittedColumn } from '../../components/fitted-columns';
import type { MobileRow } from '../../components/mobile-list';
import { age } from '../../lib/format';
import { MultiSelect } from '../../components/list-filters';
import { BatchStatusChip } from '../../features/massive/components/batch-progress';
import { massiveKeys, useMassiveBatches } from '../../features/massive/api/massive';
import { COUNTRY } from '../../config/env';
import { useRealtimeEvent } from '../../lib/socket';

const columns: FittedColumn<MassiveBatch>[] = [
  { field: 'id', headerName: 'Lote', width: 80, sortable: true, valueGetter: (_value, row) => `#${row.id}` },
  { field: 'type', headerName: 'Operación', width: 240, sortable: false, valueGetter: (_value, row) => MASSIVE_CATALOGUE[row.type].label },
  { field: 'status', headerName: 'Estado', width: 170, sortable: false, renderCell: ({ row }) => <BatchStatusChip status={row.status} /> },
  {
    field: 'file_name',
    headerName: 'Archivo',
    width: 200,
    sortable: false,
    valueGetter: (_value, row) => row.file_name ?? (row.source === 'list' ? 'Desde lista' : ''),
  },
  { field: 'created_by', headerName: 'Usuario', width: 160, sortable: false, valueGetter: (_value, row) => row.created_by?.name ?? '' },
  {
    field: 'created_at',
    headerName: 'Creado',
    width: 160,
    sortable: true,
    valueGetter: (_value, row) => formatDateTime(COUNTRY, row.created_at),
  },
  {
    field: 'counts',
    headerName: 'Filas',
    width: 260,
    sortable: false,
    valueGetter: (_value, row) =>
      `${row.counts.done} aplicadas · ${row.counts.failed} fallidas · ${row.counts.pending} pendientes · ${row.counts.invalid} inválidas`,
  },
];

/** A batch on a phone: its operation, status, number and file, how long ago. */
const mobileRow = (row: MassiveBatch): MobileRow => ({
  primary: MASSIVE_CATALOGUE[row.type].label,
  secondary: `#${row.id} · ${row.file_name ?? (row.source === 'list' ? 'Desde lista' : '')}`,
  status: <BatchStatusChip status={row.status} />,
  age: age(row.created_at),
});

/** /massive-batches: every batch of the country with its live counts. */
export default function MassiveBatchesRoute() {
  const params = useListParams(massiveBatchListQuerySchema);
  const list = useMassiveBatches(params.search);
  const client = useQueryClient();
  useRealtimeEvent('massive-batch:progress', () => void client.invalidateQueries({ queryKey: massiveKeys.all }));
  const query = { ...params.query, sort: params.query.sort ?? 'created_at', dir: params.query.dir ?? 'desc' };
  return (
    <ListScreen<MassiveBatch, typeof query>
      title="Lotes masivos"
      plural="lotes"
      singular="lote"
      path="/massive-batches"
      params={{ query, search: params.search, update: params.update }}
      list={list}
      columns={columns}
      mobileRow={mobileRow}
      rowHref={(row) => `/massive-batch-detail?id=${row.id}`}
      noRowsLabel="Ningún lote coincide con los filtros"
      emptyLabel="Todavía no hay lotes"
      testId="massive-batches"
      actions={
        <Button variant="contained" component={Link} to="/create-massive">
          Nuevo lote
        </Button>
      }
      filters={
        <Stack direction="row" spacing={2}>
          <MultiSelect
            label="Operación"
            values={params.query.type ?? []}
            options={MASSIVE_TYPES.map((type) => ({ value: type, label: MASSIVE_CATALOGUE[type].label }))}
            onChange={(values) => params.update({ type: values })}
          />
          <MultiSelect
            label="Estado"
            values={params.query.status ?? []}
            options={MASSIVE_BATCH_STATUSES.map((status) => ({ value: status, label: MASSIVE_BATCH_STATUS_LABELS[status] }))}
            onChange={(values) => params.update({ status: values })}
          />
        </Stack>
      }
    />
  );
}
