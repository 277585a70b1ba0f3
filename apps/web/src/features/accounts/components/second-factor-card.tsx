import { Alert, Button, Card, Chip, Stack, TextField, Typography } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { useDisableSecondFactor, useSecondFactorRefresh, useSecondFactorStatus } from '../api/second-factor';
import { SecondFactorEnrolment } from './second-factor-enrolment';
import { say } from '../../../lib/voice';

/** /account's second factor: set it up, or see how many recovery codes are left and turn it off. */
export function SecondFactorCard() {
  const status = useSecondFactorStatus();
  const refresh = useSecondFactorRefresh();
  const data = status.data;
  return (
    <Card sx={{ p: 2.5 }} data-testid="second-factor-card">
      <Stack direction="row" spacing={1} sx={{ mb: 2, alignItems: 'center' }}>
        <Typography variant="h6" component="h2">
          Verificación en dos pasos
        </Typography>
        {data && <Chip size="small" label={data.enrolled ? 'Activada' : 'Desactivada'} color={data.enrolled ? 'success' : 'default'} />}
      </Stack>
      {status.error && <Alert severity="error">{status.error.message}</Alert>}
      {data &&
        (data.enrolled ? (
          <Enrolled required={data.required} left={data.recovery_codes_left} />
        ) : (
          <SecondFactorEnrolment onDone={() => void refresh()} />
        ))}
    </Card>
  );
}

function Enrolled({ required, left }: { required: boolean; left: number }) {
  const disable = useDisableSecondFactor();
  const notify = useNotify();
  const [code, setCode] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<{ code?: string; password?: string }>({});

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    if (!code.trim() && !password) {
      setErrors({ code: say('Ingresa un código de verificación o tu contraseña') });
      return;
    }
    disable.mutate(code.trim() ? { code: code.trim() } : { password }, {
      onSuccess: () => notify({ message: 'Verificación en dos pasos desactivada', color: 'success' }),
      onError: (failure) => {
        const fields = failure instanceof ApiError ? failure.fields : [];
        setErrors(fields.length > 0 ? Object.fromEntries(fields.map((f) => [f.field, f.message])) : { code: failure.message });
      },
    });
  };

  return (
    <Stack spacing={2}>
      <Typography>
        {say(
          `Al ingresar te pedimos un código de tu aplicación de autenticación. Te ${left === 1 ? 'queda 1 código' : `quedan ${left} códigos`} de recuperación.`,
        )}
      </Typography>
      {required ? (
        <Alert severity="info">{say('Tu rol exige la verificación en dos pasos: no puedes desactivarla.')}</Alert>
      ) : (
        <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="second-factor-disable">
          <Typography variant="subtitle2" component="h3">
            Desactivar
          </Typography>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            <TextField
              label="Código de verificación"
              value={code}
              onChange={(e) => setCode(e.target.value)}
              error={!!errors.code}
              helperText={errors.code}
              autoComplete="one-time-code"
              slotProps={{ htmlInput: { 'data-testid': 'second-factor-disable-code' } }}
            />
            <TextField
              label={say('o tu contraseña')}
              type="password"
              value={password}
              onChange={(e) => setPassword(e.target.value)}
              error={!!errors.password}
              helperText={errors.password}
              autoComplete="current-password"
            />
          </Stack>
          <Button type="submit" color="error" variant="outlined" disabled={disable.isPending} sx={{ alignSelf: 'flex-start' }}>
            Desactivar verificación en dos pasos
          </Button>
        </Stack>
      )}
    </Stack>
  );
}
