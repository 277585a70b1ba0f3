import { BUCKETS, LOAN_STATUSES, catalogueLabel, type CollectionDetail } from '@backoffice/shared';
import { Card, CardContent, CardHeader, Grid, Typography } from '@mui/material';
import { calendarDate, count, dateTime, money } from '../../../lib/format';

function Field({ label, value, testId }: { label: string; value: string; testId?: string }) {
  return (
    <Grid size={{ xs: 6, md: 4 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 500 }} data-testid={testId}>
        {value || '—'}
      </Typography>
    </Grid>
  );
}

/** The customer and the loan as collections sees it: what is owed, how late, whose it is. */
export function CollectionSummary({ loan }: { loan: CollectionDetail }) {
  const c = loan.customer;
  return (
    <Card>
      <CardHeader
        title={`${c.first_name} ${c.last_name}`}
        subheader={`${c.doc_type} ${c.doc_number} · ${c.cellphone ?? 'sin celular'}${c.email ? ` · ${c.email}` : ''}`}
      />
      <CardContent sx={{ pt: 0 }}>
        <Grid container spacing={2}>
          <Field label="Estado" value={catalogueLabel(LOAN_STATUSES, loan.status)} />
          <Field label="Saldo" value={money(loan.outstanding)} testId="collection-outstanding" />
          <Field label="Vencido" value={money(loan.overdue_amount)} />
          <Field label="Interés punitorio" value={money(loan.late_interest)} />
          <Field label="Días de mora" value={count(loan.days_past_due)} testId="collection-dpd" />
          <Field label="Tramo" value={catalogueLabel(BUCKETS, loan.bucket)} />
          <Field label="Cobrador" value={loan.collector?.name ?? 'Sin asignar'} testId="collection-collector" />
          <Field label="Próxima acción" value={loan.next_action_at ? dateTime(loan.next_action_at) : ''} />
          <Field label="Promesa de pago" value={loan.promise_due_on ? calendarDate(loan.promise_due_on) : ''} testId="collection-promise" />
          <Field label="Capital" value={money(loan.principal)} />
          <Field label="Cuotas" value={String(loan.term)} />
          <Field label="Desembolsado" value={calendarDate(loan.disbursed_on)} />
        </Grid>
      </CardContent>
    </Card>
  );
}
