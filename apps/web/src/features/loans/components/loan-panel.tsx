import {
  BUCKETS,
  catalogueLabel,
  formatCalendarDate,
  formatDateTime,
  formatMoney,
  INSTALLMENT_STATES,
  INSTALLMENT_STATUS_CODES,
  LOAN_STATUSES,
  PAYMENT_CHANNELS,
  type LoanDetail,
} from '@backoffice/shared';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Chip,
  Divider,
  Grid,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { usePrompt } from '../../../components/confirm-dialog';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { useNotify, useNotifyError } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { useLeadLoan, useLoan } from '../api/get-loan';
import { useReversePayment } from '../api/reverse-payment';
import { PaymentForm } from './payment-form';

const money = (minor: number) => formatMoney(COUNTRY, minor);
const installmentCode = (status: string): string =>
  (INSTALLMENT_STATUS_CODES[COUNTRY] as Record<string, string | undefined>)[status] ?? status;
type ChipColor = 'default' | 'primary' | 'secondary' | 'error' | 'info' | 'success' | 'warning';
const chipColor = (catalogue: readonly { id: string; color: string }[], id: string) =>
  (catalogue.find((e) => e.id === id)?.color ?? 'default') as ChipColor;

function Figure({ label, value, tone }: { label: string; value: string; tone?: 'error' }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="body1" sx={{ fontWeight: 500 }} color={tone === 'error' ? 'error' : undefined}>
        {value}
      </Typography>
    </Box>
  );
}

function Schedule({ detail }: { detail: LoanDetail }) {
  const withVat = detail.loan.vat_rate > 0;
  return (
    // A keyboard stop: the schedule scrolls sideways on a narrow screen and has nothing else to focus.
    <TableContainer tabIndex={0} role="region" aria-label="Cronograma de cuotas">
      <Table size="small" aria-label="Cronograma de cuotas">
        <TableHead>
          <TableRow>
            <TableCell>Cuota</TableCell>
            <TableCell>Vencimiento</TableCell>
            <TableCell align="right">Capital</TableCell>
            <TableCell align="right">Interés</TableCell>
            {withVat && <TableCell align="right">IVA ({detail.loan.vat_rate}%)</TableCell>}
            <TableCell align="right">Total</TableCell>
            <TableCell align="right">Interés de mora</TableCell>
            <TableCell align="right">Pagado</TableCell>
            <TableCell align="right">Saldo</TableCell>
            <TableCell>Estado</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {detail.installments.map((i) => {
            const paid = i.paid_principal + i.paid_interest + i.paid_vat + i.paid_late_interest;
            return (
              <TableRow key={i.id} data-installment={i.number}>
                <TableCell>{i.number}</TableCell>
                <TableCell>{formatCalendarDate(i.due_date)}</TableCell>
                <TableCell align="right">{money(i.principal)}</TableCell>
                <TableCell align="right">{money(i.interest)}</TableCell>
                {withVat && <TableCell align="right">{money(i.vat)}</TableCell>}
                <TableCell align="right">{money(i.principal + i.interest + i.vat)}</TableCell>
                <TableCell align="right">{money(i.late_interest)}</TableCell>
                <TableCell align="right">{money(paid)}</TableCell>
                <TableCell align="right">{money(i.balance)}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    variant="outlined"
                    color={chipColor(INSTALLMENT_STATES, i.status)}
                    label={catalogueLabel(INSTALLMENT_STATES, i.status)}
                    // The country's catalogue code (arg PENDING, col pending) for whoever talks to the API.
                    title={installmentCode(i.status)}
                  />
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

function Payments({ detail }: { detail: LoanDetail }) {
  const reverse = useReversePayment(detail.loan.id);
  const prompt = usePrompt();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const reversePayment = async (p: LoanDetail['payments'][number]) => {
    const reason = await prompt({
      title: 'Revertir pago',
      message: `¿Revertir el pago de ${money(p.amount)} (${p.reference})? Lo que pagó vuelve a deberse.`,
      confirmLabel: 'Revertir',
      input: { label: 'Motivo', required: true, maxLength: 500 },
    });
    if (reason === null) return;
    reverse.mutate(
      { paymentId: p.id, reason },
      { onSuccess: () => notify('Pago revertido'), onError: (error) => notify({ message: error.message, color: 'error' }) },
    );
  };
  if (detail.payments.length === 0) return <Typography color="text.secondary">Sin pagos registrados.</Typography>;
  return (
    <TableContainer>
      <Table size="small" aria-label="Pagos">
        <TableHead>
          <TableRow>
            <TableCell>Fecha</TableCell>
            <TableCell align="right">Monto</TableCell>
            <TableCell>Canal</TableCell>
            <TableCell>Referencia</TableCell>
            <TableCell>Imputación</TableCell>
            <TableCell>Estado</TableCell>
            {detail.can_reverse && <TableCell />}
          </TableRow>
        </TableHead>
        <TableBody>
          {detail.payments.map((p) => (
            <TableRow key={p.id} sx={p.reversed_at ? { '& td': { color: 'text.disabled' } } : undefined}>
              <TableCell>{formatCalendarDate(p.paid_on)}</TableCell>
              <TableCell align="right">{money(p.amount)}</TableCell>
              <TableCell>{catalogueLabel(PAYMENT_CHANNELS, p.channel)}</TableCell>
              <TableCell>{p.reference}</TableCell>
              <TableCell>
                {p.allocations
                  .map((a) => `Cuota ${a.installment_number}: ${money(a.late_interest + a.interest + a.vat + a.principal)}`)
                  .join(' · ')}
                {p.credit_amount > 0 && ` · Saldo a favor: ${money(p.credit_amount)}`}
              </TableCell>
              <TableCell>
                {p.reversed_at ? (
                  <span title={p.reversal_reason ?? undefined}>
                    Revertido {p.reversed_by ? `por ${p.reversed_by}` : ''}: {p.reversal_reason}
                  </span>
                ) : (
                  'Aplicado'
                )}
              </TableCell>
              {detail.can_reverse && (
                <TableCell>
                  {!p.reversed_at && (
                    <Button
                      size="small"
                      color="error"
                      disabled={reverse.isPending}
                      onClick={() => void reversePayment(p).catch(notifyError)}
                    >
                      Revertir
                    </Button>
                  )}
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** A loan: figures, schedule, payments (reversible by an admin) and the payment form for the roles that register them. */
export function LoanView({ detail }: { detail: LoanDetail }) {
  const { loan } = detail;
  const bucket = BUCKETS.find((b) => b.id === loan.bucket);
  return (
    <Card data-testid="loan-panel">
      <CardHeader
        title={`Préstamo #${loan.id}`}
        subheader={`${money(loan.principal)} en ${loan.term} cuotas · ${loan.rate}% nominal anual · desembolsado el ${formatCalendarDate(loan.disbursed_on)}`}
        action={
          <Chip color={chipColor(LOAN_STATUSES, loan.status)} label={catalogueLabel(LOAN_STATUSES, loan.status)} title={loan.status} />
        }
      />
      <CardContent>
        <Stack spacing={3}>
          <Grid container spacing={2}>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure label="Saldo al día de hoy" value={money(detail.balance_today)} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure label="Vencido" value={money(loan.overdue_amount)} tone={loan.overdue_amount > 0 ? 'error' : undefined} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure label="Interés de mora a la fecha" value={money(detail.late_interest_to_date)} />
            </Grid>
            <Grid size={{ xs: 6, md: 3 }}>
              <Figure
                label="Días de atraso"
                value={`${detail.days_past_due_today}${bucket ? ` (${bucket.label})` : ''}`}
                tone={detail.days_past_due_today > 0 ? 'error' : undefined}
              />
            </Grid>
            {loan.credit_balance > 0 && (
              <Grid size={{ xs: 6, md: 3 }}>
                <Figure label="Saldo a favor" value={money(loan.credit_balance)} />
              </Grid>
            )}
            {loan.collector_name && (
              <Grid size={{ xs: 6, md: 3 }}>
                <Figure label="Cobrador" value={loan.collector_name} />
              </Grid>
            )}
          </Grid>
          <Box>
            <Typography variant="subtitle1" gutterBottom>
              Cronograma
            </Typography>
            <Schedule detail={detail} />
          </Box>
          <Box>
            <Typography variant="subtitle1" gutterBottom>
              Pagos
            </Typography>
            <Payments detail={detail} />
          </Box>
          {detail.can_pay && (
            <>
              <Divider />
              <Box>
                <Typography variant="subtitle1" gutterBottom>
                  Registrar pago
                </Typography>
                <PaymentForm loan={detail} />
              </Box>
            </>
          )}
          {detail.timeline.length > 0 && (
            <Box>
              <Typography variant="subtitle1" gutterBottom>
                Movimientos del préstamo
              </Typography>
              <Stack spacing={0.5}>
                {detail.timeline.slice(0, 20).map((e) => (
                  <Typography key={e.id} variant="body2">
                    <Typography component="span" variant="body2" color="text.secondary">
                      {formatDateTime(COUNTRY, e.created_at)}
                      {e.user ? ` · ${e.user}` : ''} ·{' '}
                    </Typography>
                    {e.body ?? e.type}
                  </Typography>
                ))}
              </Stack>
            </Box>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}

/**
 * A loan by its id (the collection detail) or by its lead's (the lead and sale details: nothing shown while
 * the application has no loan).
 */
export function LoanPanel({ loanId, leadId }: { loanId?: number; leadId?: number }) {
  const byId = useLoan(loanId);
  const byLead = useLeadLoan(loanId === undefined ? leadId : undefined);
  const query = loanId !== undefined ? byId : byLead;
  if (query.isPending) return <LoadingIndicator loading loadingText="Cargando préstamo…" />;
  if (query.error) return <Alert severity="error">{query.error.message}</Alert>;
  if (!query.data) return null;
  return <LoanView detail={query.data} />;
}
