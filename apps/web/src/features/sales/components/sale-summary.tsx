import { formatMoney, salesStatusesOf, STATUSES, stepsOf, type SaleDetail } from '@backoffice/shared';
import { Box, Card, CardContent, CardHeader, Divider, Grid, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { StatusChip } from '../../../components/status-chip';
import { COUNTRY } from '../../../config/env';

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div">{children || '—'}</Typography>
    </Box>
  );
}

const locale = COUNTRY === 'arg' ? 'es-AR' : 'es-CO';
const date = (value: string | null) => (value ? new Date(value).toLocaleDateString(locale) : '');
const dateTime = (value: string | null) => (value ? new Date(value).toLocaleString(locale, { dateStyle: 'short', timeStyle: 'short' }) : '');

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
        action={status && <StatusChip {...status} label={salesName ?? status.name} size="medium" />}
      />
      <Divider />
      <CardContent>
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Monto solicitado">{formatMoney(COUNTRY, sale.requested_amount)}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Cuotas">{sale.term}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Monto ofrecido">{sale.offered_amount === null ? '' : formatMoney(COUNTRY, sale.offered_amount)}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Paso">{step?.label}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Vendedor">{sale.seller?.name ?? 'Sin asignar'}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Gestión">{sale.management_status}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Próxima llamada">{dateTime(sale.next_call_at)}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Celular">{sale.customer.cellphone}</Field></Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
