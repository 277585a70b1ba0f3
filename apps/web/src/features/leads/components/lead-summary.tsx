import { formatMoney, STATUSES, stepsOf, type LeadDetail } from '@backoffice/shared';
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

const date = (value: string | null) => (value ? new Date(value).toLocaleDateString(COUNTRY === 'arg' ? 'es-AR' : 'es-CO') : '');

/** Customer and application data, status and step, seller and management status. */
export function LeadSummary({ lead }: { lead: LeadDetail }) {
  const status = STATUSES[COUNTRY].find((s) => s.id === lead.status_id);
  const step = stepsOf(COUNTRY).find((s) => s.id === lead.status_id);
  const { customer } = lead;
  return (
    <Card>
      <CardHeader
        title={`${customer.first_name} ${customer.last_name}`}
        subheader={`Lead #${lead.id} · creado ${date(lead.created_at)}`}
        action={status && <StatusChip {...status} size="medium" />}
      />
      <Divider />
      <CardContent>
        <Typography variant="overline" color="text.secondary">
          Solicitud
        </Typography>
        <Grid container spacing={2} sx={{ mb: 2 }}>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Monto solicitado">{formatMoney(COUNTRY, lead.requested_amount)}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Cuotas">{lead.term}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Monto ofrecido">{lead.offered_amount === null ? '' : formatMoney(COUNTRY, lead.offered_amount)}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Paso">{step?.label}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Vendedor">{lead.seller?.name ?? 'Sin asignar'}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Gestión">{lead.management_status}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Origen">{lead.source}</Field></Grid>
          {COUNTRY === 'col' && <Grid size={{ xs: 6, md: 3 }}><Field label="Data rate">{lead.data_rate}</Field></Grid>}
        </Grid>
        <Typography variant="overline" color="text.secondary">
          Cliente
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}><Field label={customer.doc_type}>{customer.doc_number}</Field></Grid>
          {customer.cuil && <Grid size={{ xs: 6, md: 3 }}><Field label="CUIL">{customer.cuil}</Field></Grid>}
          <Grid size={{ xs: 6, md: 3 }}><Field label="Celular">{customer.cellphone}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Email">{customer.email}</Field></Grid>
          <Grid size={{ xs: 6, md: 3 }}><Field label="Nacimiento">{date(customer.birth_date)}</Field></Grid>
          <Grid size={{ xs: 12, md: 6 }}><Field label="Domicilio">{customer.address}</Field></Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
