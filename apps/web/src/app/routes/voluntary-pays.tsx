import { formatCalendarDate, formatMoney, PROCESSED_FLAGS, voluntaryPaysQuerySchema, type VoluntaryPayRow } from '@backoffice/shared';
import { Button, Chip, MenuItem, TextField } from '@mui/material';
import { useState } from 'react';
import { ListScreen } from '../../components/entity-list/list-screen';
import type { MobileRow } from '../../components/mobile-list';
import { useListParams } from '../../components/entity-list/use-list-params';
import { DateField } from '../../components/date-fields';
import type { FittedColumn } from '../../components/fitted-columns';
import { FilterBar } from '../../components/list-filters';
import { COUNTRY } from '../../config/env';
import { age } from '../../lib/format';
import { LoanPanel } from '../../features/loans/components/loan-panel';
import { useVoluntaryPays } from '../../features/voluntary-pays/api/list-voluntary-pays';
import { ReviewDialog } from '../../features/voluntary-pays/components/review-dialog';

const COLORS = { 0: 'info', 1: 'success', 2: 'warning' } as const;

/** /voluntary-pays: the review queue; a row opens the receipt beside the loan to accept or reject it. */
export default function VoluntaryPaysRoute() {
  const params = useListParams(voluntaryPaysQuerySchema);
  const list = useVoluntaryPays(params.search);
  const [open, setOpen] = useState<VoluntaryPayRow | null>(null);
  const { query, update } = params;
  // The server's default order when the URL names none.
  const gridQuery = { ...query, sort: query.sort ?? 'created_at', dir: query.dir ?? 'desc' };

  const columns: FittedColumn<VoluntaryPayRow>[] = [
    {
      field: 'created_at',
      headerName: 'Recibido',
      width: 150,
      sortable: true,
      valueGetter: (_v, r) => new Date(r.created_at).toLocaleString('es-AR'),
    },
    { field: 'customer_name', headerName: 'Cliente', width: 200, sortable: false },
    { field: 'document', headerName: 'Documento', width: 120, sortable: false },
    { field: 'loan_id', headerName: 'Préstamo', width: 100, sortable: false },
    { field: 'amount', headerName: 'Monto', width: 130, sortable: true, valueGetter: (_v, r) => formatMoney(COUNTRY, r.amount) },
    { field: 'paid_on', headerName: 'Fecha de pago', width: 120, sortable: true, valueGetter: (_v, r) => formatCalendarDate(r.paid_on) },
    { field: 'reference', headerName: 'Referencia', width: 150, sortable: false },
    {
      field: 'processed',
      headerName: 'Estado',
      width: 120,
      sortable: false,
      renderCell: ({ row }) => (
        <Chip
          size="small"
          color={COLORS[row.processed as 0 | 1 | 2] ?? 'default'}
          label={PROCESSED_FLAGS.find((f) => f.id === row.processed)?.name ?? row.processed}
        />
      ),
    },
    { field: 'decided_by', headerName: 'Revisado por', width: 160, sortable: false },
    {
      field: 'review',
      headerName: '',
      width: 110,
      sortable: false,
      renderCell: ({ row }) => (
        <Button size="small" onClick={() => setOpen(row)} data-testid={`review-${row.id}`}>
          {row.processed === 0 ? 'Revisar' : 'Ver'}
        </Button>
      ),
    },
  ];

  /** A payment on a phone: the customer, its review state, the amount and when it came; its review button beside. */
  const mobileRow = (row: VoluntaryPayRow): MobileRow => ({
    primary: row.customer_name,
    secondary: `Préstamo ${row.loan_id}`,
    status: (
      <Chip
        size="small"
        color={COLORS[row.processed as 0 | 1 | 2] ?? 'default'}
        label={PROCESSED_FLAGS.find((f) => f.id === row.processed)?.name ?? row.processed}
      />
    ),
    amount: formatMoney(COUNTRY, row.amount),
    age: age(row.created_at),
    action: (
      <Button size="small" onClick={() => setOpen(row)} data-testid={`review-${row.id}`}>
        {row.processed === 0 ? 'Revisar' : 'Ver'}
      </Button>
    ),
  });

  return (
    <>
      <ListScreen<VoluntaryPayRow, typeof gridQuery>
        title="Pagos voluntarios"
        plural="pagos voluntarios"
        singular="pago voluntario"
        path="/voluntary-pays"
        params={{ query: gridQuery, search: params.search, update }}
        list={list}
        columns={columns}
        mobileRow={mobileRow}
        exportPath="voluntary-pays/export"
        noRowsLabel="No hay pagos voluntarios con estos filtros"
        emptyLabel="No hay pagos voluntarios"
        testId="voluntary-pays"
        filters={
          <FilterBar reset={params.reset}>
            <TextField
              select
              size="small"
              label="Estado"
              value={query.processed ?? ''}
              onChange={(e) => update({ processed: e.target.value === '' ? undefined : e.target.value })}
              sx={{ minWidth: 160 }}
              data-testid="filter-processed"
            >
              <MenuItem value="">Todos</MenuItem>
              {PROCESSED_FLAGS.map((f) => (
                <MenuItem key={f.id} value={f.id}>
                  {f.name}
                </MenuItem>
              ))}
            </TextField>
            <DateField label="Pagado desde" value={query.from ?? ''} onChange={(v) => update({ from: v || undefined })} reportWhenChosen />
            <DateField label="Pagado hasta" value={query.to ?? ''} onChange={(v) => update({ to: v || undefined })} reportWhenChosen />
            {/* Keyed by the URL's value: clearing the filters empties the box too. */}
            <TextField
              key={`c-${query.customer ?? ''}`}
              size="small"
              label="Cliente"
              placeholder="Nombre o documento"
              defaultValue={query.customer ?? ''}
              onBlur={(e) => update({ customer: e.target.value.trim() || undefined })}
            />
            <TextField
              key={`l-${query.loan_id ?? ''}`}
              size="small"
              label="Préstamo"
              defaultValue={query.loan_id ?? ''}
              onBlur={(e) => update({ loan_id: e.target.value.trim() || undefined })}
              sx={{ width: 120 }}
            />
          </FilterBar>
        }
      />
      {open && <ReviewDialog pay={open} loan={<LoanPanel loanId={open.loan_id} />} onClose={() => setOpen(null)} />}
    </>
  );
}
