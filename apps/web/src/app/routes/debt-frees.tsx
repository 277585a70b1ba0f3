import { PROCESSED_FLAGS, type DebtFreeRow } from '@backoffice/shared';
import type { GridColDef } from '@mui/x-data-grid';
import { DateField } from '../../components/date-fields';
import { ListScreen } from '../../components/entity-list/list-screen';
import type { MobileRow } from '../../components/mobile-list';
import { useListParams } from '../../components/entity-list/use-list-params';
import { FilterBar, MultiSelect, SearchBox } from '../../components/list-filters';
import { debtFreeQuerySchema, useDebtFrees } from '../../features/debt-frees/api/get-debt-frees';
import { DebtFreeActions, ProcessedChip } from '../../features/debt-frees/components/debt-free-actions';
import { age, dateTime } from '../../lib/format';

const columns: GridColDef<DebtFreeRow>[] = [
  { field: 'id', headerName: 'Id', width: 80 },
  { field: 'created_at', headerName: 'Solicitada', width: 150, valueGetter: (_: unknown, row: DebtFreeRow) => dateTime(row.created_at) },
  { field: 'customer_name', headerName: 'Cliente', flex: 1, minWidth: 180, sortable: false },
  { field: 'document', headerName: 'Documento', width: 120, sortable: false },
  {
    field: 'processed',
    headerName: 'Estado',
    width: 120,
    sortable: false,
    renderCell: ({ row }) => <ProcessedChip processed={row.processed} />,
  },
  { field: 'actions', headerName: 'Acciones', width: 230, sortable: false, renderCell: ({ row }) => <DebtFreeActions row={row} /> },
  {
    field: 'decided_by',
    headerName: 'Resolvió',
    width: 150,
    sortable: false,
    valueGetter: (_: unknown, row: DebtFreeRow) => row.decided_by ?? '',
  },
  { field: 'reason', headerName: 'Motivo', width: 160, sortable: false, valueGetter: (_: unknown, row: DebtFreeRow) => row.reason ?? '' },
];

/** A request on a phone: the customer, its state, the document, how long ago; its actions under it. */
const mobileRow = (row: DebtFreeRow): MobileRow => ({
  primary: row.customer_name,
  secondary: row.document,
  status: <ProcessedChip processed={row.processed} />,
  age: age(row.created_at),
  action: <DebtFreeActions row={row} />,
});

/** /debt-frees: the queue of debt-free requests (processed, date and customer filters in the URL; export). */
export default function DebtFreesRoute() {
  const params = useListParams(debtFreeQuerySchema);
  const { query, update, reset } = params;
  const list = useDebtFrees(params.search);
  return (
    <ListScreen<DebtFreeRow, typeof query & { sort: string; dir: 'asc' | 'desc' }>
      title="Libre deuda"
      plural="solicitudes"
      singular="solicitud"
      path="/debt-frees"
      params={{ ...params, query: { ...query, sort: query.sort ?? 'created_at', dir: query.dir ?? 'desc' } }}
      list={list}
      columns={columns}
      mobileRow={mobileRow}
      exportPath="debt-frees/export"
      testId="debt-frees"
      noRowsLabel="Ninguna solicitud coincide con los filtros"
      emptyLabel="No hay solicitudes de libre deuda"
      filters={
        <FilterBar reset={reset}>
          <MultiSelect
            label="Estado"
            values={(query.processed ?? []).map(String)}
            options={PROCESSED_FLAGS.map((p) => ({ value: String(p.id), label: p.name }))}
            onChange={(values) => update({ processed: values })}
          />
          <DateField
            label="Desde"
            value={query.from ?? ''}
            onChange={(value) => update({ from: value || undefined })}
            reportWhenChosen
            size="small"
            max={query.to}
          />
          <DateField
            label="Hasta"
            value={query.to ?? ''}
            onChange={(value) => update({ to: value || undefined })}
            reportWhenChosen
            size="small"
            min={query.from}
          />
          <SearchBox value={query.q ?? ''} onChange={(value) => update({ q: value || undefined })} />
        </FilterBar>
      }
    />
  );
}
