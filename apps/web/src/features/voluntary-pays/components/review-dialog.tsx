import { formatCalendarDate, formatMoney, PROCESSED_FLAGS, type VoluntaryPayRow } from '@backoffice/shared';
import { Alert, Box, Button, Dialog, DialogActions, DialogContent, DialogTitle, Grid, Stack, TextField, Typography } from '@mui/material';
import { useState, type ReactNode } from 'react';
import { COUNTRY } from '../../../config/env';
import { useDecideVoluntaryPay } from '../api/decide-voluntary-pay';
import { receiptUrl } from '../api/register-voluntary-pay';

/** The receipt as the browser shows it: an image, or the PDF in its viewer. */
export function ReceiptView({ pay }: { pay: VoluntaryPayRow }) {
  const url = receiptUrl(COUNTRY, pay.id);
  if (pay.receipt_type === 'application/pdf') {
    return (
      <Box component="iframe" title="Comprobante" src={url} data-testid="receipt-pdf" sx={{ width: '100%', height: 480, border: 0 }} />
    );
  }
  return (
    <Box
      component="img"
      src={url}
      alt="Comprobante"
      data-testid="receipt-image"
      sx={{ maxWidth: '100%', maxHeight: 480, objectFit: 'contain' }}
    />
  );
}

/**
 * A voluntary payment under review: the receipt beside the loan (`loan`, composed by the screen), Aceptar
 * or Rechazar with a reason. A decided one is shown with its decision.
 */
export function ReviewDialog({ pay, loan, onClose }: { pay: VoluntaryPayRow; loan: ReactNode; onClose: () => void }) {
  const decide = useDecideVoluntaryPay();
  const [rejecting, setRejecting] = useState(false);
  const [reason, setReason] = useState('');
  const pending = pay.processed === 0;
  const submit = (decision: { id: number; accept: true } | { id: number; accept: false; reason: string }) =>
    decide.mutate(decision, { onSuccess: onClose });
  return (
    <Dialog open onClose={onClose} maxWidth="xl" fullWidth data-testid="voluntary-pay-review">
      <DialogTitle>
        Pago voluntario {pay.reference} · {formatMoney(COUNTRY, pay.amount)}
      </DialogTitle>
      <DialogContent dividers>
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 5 }}>
            <Stack spacing={1}>
              <Typography variant="body2">
                {pay.customer_name} · {pay.document} · pagado el {formatCalendarDate(pay.paid_on)}
              </Typography>
              {!pending && (
                <Alert severity={pay.processed === 1 ? 'success' : 'warning'}>
                  {PROCESSED_FLAGS.find((f) => f.id === pay.processed)?.name}
                  {pay.decided_by ? ` por ${pay.decided_by}` : ''}
                  {pay.reject_reason ? `: ${pay.reject_reason}` : ''}
                </Alert>
              )}
              <ReceiptView pay={pay} />
            </Stack>
          </Grid>
          <Grid size={{ xs: 12, md: 7 }}>{loan}</Grid>
        </Grid>
        {rejecting && (
          <TextField
            sx={{ mt: 2 }}
            fullWidth
            autoFocus
            label="Motivo del rechazo"
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
        )}
        {decide.error && (
          <Alert severity="error" sx={{ mt: 2 }}>
            {decide.error.message}
          </Alert>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>Cerrar</Button>
        {pending && !rejecting && (
          <>
            <Button color="error" onClick={() => setRejecting(true)}>
              Rechazar
            </Button>
            <Button variant="contained" disabled={decide.isPending} onClick={() => submit({ id: pay.id, accept: true })}>
              Aceptar
            </Button>
          </>
        )}
        {pending && rejecting && (
          <Button
            color="error"
            variant="contained"
            disabled={decide.isPending || reason.trim() === ''}
            onClick={() => submit({ id: pay.id, accept: false, reason: reason.trim() })}
          >
            Confirmar rechazo
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
