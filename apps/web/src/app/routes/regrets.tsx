import { LOAN_STATUSES, catalogueLabel, regretStatusLabel, regretStatusName, regretStatusesOf, type RegretRow } from '@backoffice/shared';
import { Checkbox, Chip, FormControlLabel } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { DateField } from '../../components/date-fields';
import { ListScreen } from '../../components/entity-list/list-screen';
import type { MobileRow } from '../../components/mobile-list';
import { useListParams } from '../../components/entity-list/use-list-params';
import { FilterBar, MultiSelect } from '../../components/list-filters';
import { COUNTRY } from '../../config/env';
import { regretQuerySchema, useRegrets } from '../../features/regrets/api/get-regrets';
import { FileRegretButton } from '../../features/regrets/components/file-regret-dialog';
import { RegretActions } from '../../features/regrets/components/regret-actions';
import { RegretDeadline } from '../../features/regrets/components/regret-deadline';
import { age, calendarDate, money } from '../../lib/format';

const columns: GridColDef<RegretRow>[] = [
  { field: 'id', headerName: 'Id', width: 70 },
  { field: 'revocation_code', headerName: 'Código', width: 140, sortable: false },
  { field: 'customer_name', headerName: 'Cliente', flex: 1, minWidth: 170, sortable: false },
  { field: 'loan_id', headerName: 'Préstamo', width: 90, sortable: false },
  {
    field: 'loan_status',
    headerName: 'Estado del préstamo',
    width: 150,
    sortable: false,
    valueGetter: (_: unknown, row: RegretRow) => catalogueLabel(LOAN_STATUSES, row.loan_status),
  },
  {
    field: 'status',
    headerName: 'Estado',
    width: 180,
    sortable: false,
    valueGetter: (_: unknown, row: RegretRow) => regretStatusLabel(COUNTRY, row.status),
  },
  { field: 'actions', headerName: 'Acciones', width: 170, sortable: false, renderCell: ({ row }) => <RegretActions row={row} /> },
  {
    field: 'disbursed_on',
    headerName: 'Desembolso',
    width: 110,
    sortable: false,
    valueGetter: (_: unknown, row: RegretRow) => calendarDate(row.disbursed_on),
  },
  {
    field: 'deadline',
    headerName: 'Plazo legal',
    width: 200,
    renderCell: ({ row }) => <RegretDeadline deadline={row.deadline} rule={row.rule} />,
  },
  {
    field: 'amount',
    headerName: 'A devolver',
    width: 120,
    sortable: false,
    valueGetter: (_: unknown, row: RegretRow) => money(row.amount),
  },
  {
    field: 'returned',
    headerName: 'Devuelto',
    width: 120,
    sortable: false,
    valueGetter: (_: unknown, row: RegretRow) => money(row.returned),
  },
];

/** A regret on a phone: the customer, its state, what is to be returned, its code and age; its actions under it. */
const mobileRow = (row: RegretRow): MobileRow => ({
  primary: row.customer_name,
  secondary: row.revocation_code,
  status: (
    <Chip size="small" variant="outlined" label={regretStatusLabel(COUNTRY, row.status)} title={regretStatusName(COUNTRY, row.status)} />
  ),
  amount: money(row.amount),
  age: age(row.created_at),
  action: <RegretActions row={row} />,
});

/** /regrets: the return requests with their legal deadline and time left (status and deadline filters in the URL). */
export default function RegretsRoute() {
  const params = useListParams(regretQuerySchema);
  const { query, update, reset } = params;
  const list = useRegrets(params.search);
  return (
    <ListScreen<RegretRow, typeof query & { sort: string; dir: 'asc' | 'desc' }>
      title="Arrepentimientos"
      plural="solicitudes"
      singular="solicitud"
      path="/regrets"
      params={{ ...params, query: { ...query, sort: query.sort ?? 'deadline', dir: query.dir ?? 'asc' } }}
      list={list}
      columns={columns}
      mobileRow={mobileRow}
      exportPath="regrets/export"
      testId="regrets"
      actions={<FileRegretButton />}
      noRowsLabel="Ningún arrepentimiento coincide con los filtros"
      emptyLabel="No hay arrepentimientos"
      filters={
        <FilterBar reset={reset}>
          <MultiSelect
            label="Estado"
            values={(query.status ?? []).map(String)}
            options={regretStatusesOf(COUNTRY).map((s) => ({ value: String(s.id), label: regretStatusLabel(COUNTRY, s.id) }))}
            onChange={(values) => update({ status: values })}
          />
          <DateField
            label="Plazo desde"
            value={query.deadline_from ?? ''}
            onChange={(value) => update({ deadline_from: value || undefined })}
            reportWhenChosen
            size="small"
          />
          <DateField
            label="Plazo hasta"
            value={query.deadline_to ?? ''}
            onChange={(value) => update({ deadline_to: value || undefined })}
            reportWhenChosen
            size="small"
          />
          <FormControlLabel
            control={
              <Checkbox
                checked={query.overdue === true}
                onChange={(event) => update({ overdue: event.target.checked ? 'true' : undefined })}
              />
            }
            label="Solo vencidos"
          />
        </FilterBar>
      }
    />
  );
}
