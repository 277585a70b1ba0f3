import { SECOND_FACTOR_MESSAGES } from '@backoffice/shared';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { ApiError } from '../../../lib/api-client';
import { useVerifySecondFactor, type SecondFactorVerified } from '../api/second-factor-sign-in';
import { say } from '../../../lib/voice';

/** The second step of signing in: the authenticator app's 6-digit code, or one of the recovery codes. */
export function SecondFactorForm({ onVerified }: { onVerified: (answer: SecondFactorVerified) => void }) {
  const verify = useVerifySecondFactor();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    setFailure(null);
    if (!code.trim()) {
      setError(say(SECOND_FACTOR_MESSAGES.codeRequired));
      return;
    }
    verify.mutate(code.trim(), {
      onSuccess: onVerified,
      onError: (e) => {
        const field = e instanceof ApiError ? e.fields.find((f) => f.field === 'code') : undefined;
        if (field) setError(field.message);
        else setFailure(e.message);
        setCode('');
      },
    });
  };

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="second-factor-form">
      {failure && (
        <Alert severity="error" role="alert">
          {failure}
        </Alert>
      )}
      <TextField
        label="Código de verificación"
        value={code}
        onChange={(event) => setCode(event.target.value)}
        error={!!error}
        helperText={error ?? say('El código de 6 dígitos de tu aplicación, o uno de tus códigos de recuperación')}
        autoComplete="one-time-code"
        autoFocus
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': 'second-factor-code', maxLength: 32 } }}
      />
      <Button type="submit" variant="contained" size="large" disabled={verify.isPending}>
        Verificar
      </Button>
    </Stack>
  );
}
