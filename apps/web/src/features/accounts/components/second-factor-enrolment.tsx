import type { SecondFactorEnrolment as Enrolment } from '@backoffice/shared';
import { Alert, Box, Button, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useConfirmEnrolment, useStartEnrolment } from '../api/second-factor';
import { RecoveryCodes } from './recovery-codes';
import { say } from '../../../lib/voice';

/**
 * Setting up the second factor: a QR code (and the secret as text, for an app that cannot scan) for the
 * authenticator app, a first code to confirm it, then the recovery codes, shown this once.
 */
export function SecondFactorEnrolment({ onDone }: { onDone: () => void }) {
  const start = useStartEnrolment();
  const confirm = useConfirmEnrolment();
  const [enrolment, setEnrolment] = useState<Enrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (codes) return <RecoveryCodes codes={codes} onDone={onDone} />;

  if (!enrolment) {
    return (
      <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
        <Typography>
          {say(
            'Además de tu contraseña, al ingresar te pediremos un código de 6 dígitos de una aplicación de autenticación (Google Authenticator, Microsoft Authenticator u otra) instalada en tu teléfono.',
          )}
        </Typography>
        {start.error && <Alert severity="error">{start.error.message}</Alert>}
        <Button variant="contained" disabled={start.isPending} onClick={() => start.mutate(undefined, { onSuccess: setEnrolment })}>
          Configurar verificación en dos pasos
        </Button>
      </Stack>
    );
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    if (!/^\d{6}$/.test(code.trim())) {
      setError(say('Ingresa el código de 6 dígitos que muestra la aplicación'));
      return;
    }
    confirm.mutate(code.trim(), {
      onSuccess: ({ recovery_codes: recovery }) => setCodes(recovery),
      onError: (failure) => setError(failure instanceof ApiError && failure.fields[0] ? failure.fields[0].message : failure.message),
    });
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="second-factor-enrolment">
      <Typography>{say('1. Escanea este código QR con tu aplicación de autenticación.')}</Typography>
      <Box
        component="img"
        src={enrolment.qr_code}
        alt={say('Código QR para tu aplicación de autenticación')}
        sx={{ width: 220, height: 220, bgcolor: '#fff' }}
      />
      <Typography>
        {say('¿No puedes escanearlo? Ingresa esta clave en la aplicación:')}{' '}
        <Box component="code" data-testid="second-factor-secret" sx={{ fontFamily: 'monospace', fontWeight: 600, wordBreak: 'break-all' }}>
          {enrolment.secret}
        </Box>
      </Typography>
      <Typography>{say('2. Ingresa el código de 6 dígitos que muestra la aplicación.')}</Typography>
      <TextField
        label="Código de verificación"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={!!error}
        helperText={error ?? undefined}
        autoComplete="one-time-code"
        slotProps={{ htmlInput: { inputMode: 'numeric', maxLength: 6, 'data-testid': 'second-factor-enrol-code' } }}
        sx={{ maxWidth: 240 }}
      />
      <Button type="submit" variant="contained" disabled={confirm.isPending} sx={{ alignSelf: 'flex-start' }}>
        Activar
      </Button>
    </Stack>
  );
}
