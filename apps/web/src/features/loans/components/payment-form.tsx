import { PAYMENT_CHANNELS, paymentBodySchema, todayIn, type LoanDetail } from '@backoffice/shared';
import { Alert, Button, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { useNotify } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { useRegisterPayment } from '../api/register-payment';
import { say } from '../../../lib/voice';

/** '12.345,67' or '12345.67' as typed in the country, in minor units; NaN when it is no amount. */
export function minorUnitsOf(text: string): number {
  const clean = text.trim().replace(/\s/g, '');
  if (!/^\d[\d.,]*$/.test(clean)) return Number.NaN;
  // The last separator followed by one or two digits is the decimal one; the others group thousands.
  const [, integer = clean, decimals = ''] = /^(.*?)[.,](\d{1,2})$/.exec(clean) ?? [];
  const whole = integer.replace(/[.,]/g, '');
  const cents = decimals.padEnd(2, '0');
  return Number(whole) * 100 + Number(cents);
}

/** Registers a payment on the loan (the server checks the role and, for a collector, the assignment). */
export function PaymentForm({ loan }: { loan: LoanDetail }) {
  const today = todayIn(COUNTRY);
  const [amount, setAmount] = useState('');
  const [paidOn, setPaidOn] = useState(today);
  const [channel, setChannel] = useState<string>('transfer');
  const [reference, setReference] = useState('');
  const [problems, setProblems] = useState<Record<string, string>>({});
  const register = useRegisterPayment(loan.loan.id);
  const notify = useNotify();

  const submit = () => {
    const parsed = paymentBodySchema.safeParse({ amount: minorUnitsOf(amount), paid_on: paidOn, channel, reference });
    if (!parsed.success) {
      setProblems(Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), say(issue.message)])));
      return;
    }
    setProblems({});
    register.mutate(parsed.data, {
      onSuccess: (answer) => {
        notify(answer.applied ? 'Pago registrado' : 'Ese pago ya estaba registrado: no se aplicó otra vez');
        setAmount('');
        setReference('');
      },
    });
  };

  return (
    <Stack
      spacing={2}
      component="form"
      aria-label="Registrar pago"
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          size="small"
          label="Monto"
          value={amount}
          onChange={(event) => setAmount(event.target.value)}
          error={!!problems.amount}
          helperText={problems.amount}
          slotProps={{ htmlInput: { inputMode: 'decimal' } }}
        />
        <DateField
          size="small"
          label="Fecha del pago"
          value={paidOn}
          onChange={setPaidOn}
          max={today}
          min={loan.loan.disbursed_on}
          required
          error={!!problems.paid_on}
          helperText={problems.paid_on}
        />
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          select
          size="small"
          label="Canal"
          value={channel}
          onChange={(event) => setChannel(event.target.value)}
          sx={{ minWidth: 200 }}
        >
          {PAYMENT_CHANNELS.map((c) => (
            <MenuItem key={c.id} value={c.id}>
              {c.label}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          size="small"
          label="Referencia"
          value={reference}
          onChange={(event) => setReference(event.target.value)}
          error={!!problems.reference}
          helperText={problems.reference}
        />
      </Stack>
      {register.error && <Alert severity="error">{register.error.message}</Alert>}
      <Button type="submit" variant="contained" disabled={register.isPending} sx={{ alignSelf: 'flex-end' }}>
        Registrar pago
      </Button>
    </Stack>
  );
}
