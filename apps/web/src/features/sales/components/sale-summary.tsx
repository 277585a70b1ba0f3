import { salesStatusesOf, STATUSES, stepsOf, type SaleDetail } from '@backoffice/shared';
import { Card, CardContent, CardHeader, Divider, Grid } from '@mui/material';
import { DetailField } from '../../../components/detail-field';
import { StatusChip } from '../../../components/status-chip';
import { COUNTRY } from '../../../config/env';
import { date, dateTime, money } from '../../../lib/format';

/** The application: status (with its sales name), step, amounts, seller, management and next call. */
export function SaleSummary({ sale }: { sale: SaleDetail }) {
  const status = STATUSES[COUNTRY].find((s) => s.id === sale.status_id);
  const salesName = salesStatusesOf(COUNTRY).find((s) => s.id === sale.status_id)?.name;
  const step = stepsOf(COUNTRY).find((s) => s.id === sale.status_id);
  return (
    <Card>
      <CardHeader
        title={`${sale.customer.first_name} ${sale.customer.last_name}`}
        subheader={`Venta #${sale.id} · creada ${date(sale.created_at)}`}
        action={status && <StatusChip {...status} label={salesName ?? status.label} size="medium" />}
      />
      <Divider />
      <CardContent>
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Monto solicitado">{money(sale.requested_amount)}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Cuotas">{sale.term}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Monto ofrecido">{sale.offered_amount === null ? '' : money(sale.offered_amount)}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Paso">{step?.label}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Vendedor">{sale.seller?.name ?? 'Sin asignar'}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Gestión">{sale.management_status}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Próxima llamada">{sale.next_call_at ? dateTime(sale.next_call_at) : ''}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Celular">{sale.customer.cellphone}</DetailField>
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
