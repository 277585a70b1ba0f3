import { RECEIPT_MAX_BYTES, todayIn } from '@backoffice/shared';
import { Alert, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { COUNTRY } from '../../../config/env';
import { fileToBase64 } from '../../../lib/read-file';
import { useRegisterVoluntaryPay } from '../api/register-voluntary-pay';
import { say } from '../../../lib/voice';

/** Registers a payment the customer reports, with its receipt, for review in /voluntary-pays. */
export function RegisterVoluntaryPay({ loanId }: { loanId: number }) {
  const register = useRegisterVoluntaryPay();
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(todayIn(COUNTRY));
  const [reference, setReference] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setDone(false);
    const minor = Math.round(Number(amount.replace(',', '.')) * 100);
    if (!Number.isFinite(minor) || minor <= 0) return setProblem(say('Indica un monto mayor que cero'));
    if (!file) return setProblem(say('Adjunta el comprobante'));
    if (file.size > RECEIPT_MAX_BYTES) return setProblem('El comprobante supera el máximo de 5 MB');
    register.mutate(
      { loan_id: loanId, amount: minor, paid_on: paidOn, reference: reference.trim(), receipt: await fileToBase64(file) },
      {
        onSuccess: () => {
          setDone(true);
          setAmount('');
          setReference('');
          setFile(null);
        },
      },
    );
  };

  return (
    <Card>
      <CardContent>
        <Typography variant="h6" component="h2" gutterBottom>
          Registrar pago voluntario
        </Typography>
        <Stack component="form" spacing={2} onSubmit={(event) => void submit(event)} data-testid="voluntary-pay-form">
          <TextField size="small" label="Monto" value={amount} onChange={(e) => setAmount(e.target.value)} inputMode="decimal" required />
          <TextField
            size="small"
            label="Fecha de pago"
            type="date"
            value={paidOn}
            onChange={(e) => setPaidOn(e.target.value)}
            required
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField size="small" label="Referencia" value={reference} onChange={(e) => setReference(e.target.value)} required />
          <Button variant="outlined" component="label">
            {file ? file.name : 'Adjuntar comprobante (PNG, JPEG o PDF)'}
            <input
              hidden
              type="file"
              accept="image/png,image/jpeg,application/pdf"
              data-testid="voluntary-pay-file"
              onChange={(e) => setFile(e.target.files?.[0] ?? null)}
            />
          </Button>
          {(problem ?? register.error) && <Alert severity="error">{problem ?? register.error?.message}</Alert>}
          {done && <Alert severity="success">Pago voluntario registrado: queda pendiente de revisión</Alert>}
          <Button type="submit" variant="contained" disabled={register.isPending}>
            Registrar
          </Button>
        </Stack>
      </CardContent>
    </Card>
  );
}
