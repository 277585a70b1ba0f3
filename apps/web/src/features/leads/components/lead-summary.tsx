import { COL_ACCOUNT_TYPE_LABELS, LEAD_SOURCE_LABELS, STATUSES, isColWallet, stepsOf, type LeadDetail } from '@backoffice/shared';
import { Card, CardContent, CardHeader, Divider, Grid, Typography } from '@mui/material';
import { Breakable, DetailField } from '../../../components/detail-field';
import { StatusChip } from '../../../components/status-chip';
import { COUNTRY } from '../../../config/env';
import { calendarDate, date, money } from '../../../lib/format';

/** Customer and application data, status and step, seller and management status. */
export function LeadSummary({ lead }: { lead: LeadDetail }) {
  const status = STATUSES[COUNTRY].find((s) => s.id === lead.status_id);
  const step = stepsOf(COUNTRY).find((s) => s.id === lead.status_id);
  const { customer } = lead;
  return (
    // A named region: its fields read apart from the customer form's same labels beside it.
    <Card component="section" aria-label="Resumen del lead">
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
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Monto solicitado">{money(lead.requested_amount)}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Cuotas">{lead.term}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Monto ofrecido">{lead.offered_amount === null ? '' : money(lead.offered_amount)}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Paso">{step?.label}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Vendedor">{lead.seller?.name ?? 'Sin asignar'}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Gestión">{lead.management_status}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Origen">{LEAD_SOURCE_LABELS[lead.source]}</DetailField>
          </Grid>
          {COUNTRY === 'col' && (
            <Grid size={{ xs: 6, md: 3 }}>
              <DetailField label="Calificación de datos">{lead.data_rate}</DetailField>
            </Grid>
          )}
        </Grid>
        <Typography variant="overline" color="text.secondary">
          Cliente
        </Typography>
        <Grid container spacing={2}>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label={customer.doc_type}>{customer.doc_number}</DetailField>
          </Grid>
          {customer.cuil && (
            <Grid size={{ xs: 6, md: 3 }}>
              <DetailField label="CUIL">{customer.cuil}</DetailField>
            </Grid>
          )}
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Celular">{customer.cellphone}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Email">{customer.email && <Breakable text={customer.email} />}</DetailField>
          </Grid>
          <Grid size={{ xs: 6, md: 3 }}>
            <DetailField label="Nacimiento">{customer.birth_date ? calendarDate(customer.birth_date) : ''}</DetailField>
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <DetailField label="Domicilio">{customer.address}</DetailField>
          </Grid>
          {/* What the audit's 'Cuenta bancaria' item checks and the transfer pays into. */}
          {COUNTRY === 'col' && (
            <Grid size={{ xs: 6, md: 3 }}>
              <DetailField label="Banco">{customer.bank}</DetailField>
            </Grid>
          )}
          {COUNTRY === 'col' && customer.bank && !isColWallet(customer.bank) && (
            <Grid size={{ xs: 6, md: 3 }}>
              <DetailField label="Tipo de cuenta">
                {customer.bank_account_type ? COL_ACCOUNT_TYPE_LABELS[customer.bank_account_type] : 'Sin indicar'}
              </DetailField>
            </Grid>
          )}
          <Grid size={{ xs: 12, md: COUNTRY === 'arg' ? 6 : 3 }}>
            <DetailField label={COUNTRY === 'arg' ? 'CBU' : 'Número de cuenta'}>{customer.bank_account}</DetailField>
          </Grid>
        </Grid>
      </CardContent>
    </Card>
  );
}
