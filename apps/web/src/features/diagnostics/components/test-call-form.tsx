import { MESSAGES, testCallBodySchemas, type TestCallResponse } from '@backoffice/shared';
import { Alert, Button, Card, CardContent, CardHeader, Stack, TextField } from '@mui/material';
import { IconPhoneCall } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { useNotify } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { useSession } from '../../../lib/session';
import { usePlaceTestCall } from '../api/place-test-call';
import { time } from '../../../lib/format';
import { say } from '../../../lib/voice';

/**
 * A test call through the telephony adapter, from the signed-in user's telephony number. As every call
 * (SPEC 5): without a number it says so and calls nothing; the server hangs up first, then starts.
 */
export function TestCallForm() {
  const session = useSession();
  const notify = useNotify();
  const [cellphone, setCellphone] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [last, setLast] = useState<TestCallResponse | null>(null);
  const testCall = usePlaceTestCall();

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = testCallBodySchemas[COUNTRY].safeParse({ cellphone });
    if (!parsed.success) {
      setError(say(parsed.error.issues[0]?.message ?? 'Celular inválido'));
      return;
    }
    setError(null);
    if (!((session?.neotel_id ?? 0) > 0)) {
      notify({ message: MESSAGES.noNeotelUser, color: 'error' });
      return;
    }
    testCall.mutate(
      { cellphone },
      {
        onSuccess: (result) => {
          setLast(result);
          notify({ message: 'Llamada de prueba iniciada correctamente', color: 'success' });
        },
        onError: (failure) => {
          setLast(null);
          notify({ message: failure.message || MESSAGES.unexpectedError, color: 'error', timeout: null });
        },
      },
    );
  };

  return (
    <Card component="section" aria-labelledby="diag-test-call-title">
      <CardHeader
        title="Llamada de prueba"
        subheader={say(
          `Desde tu usuario de telefonía (${session?.neotel_id ? session.neotel_id : 'sin asignar'}), a través del adaptador configurado.`,
        )}
        slotProps={{ title: { id: 'diag-test-call-title', variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
      />
      <CardContent sx={{ pt: 0 }}>
        <Stack
          component="form"
          noValidate
          onSubmit={onSubmit}
          direction={{ xs: 'column', sm: 'row' }}
          spacing={2}
          sx={{ alignItems: { sm: 'flex-start' } }}
        >
          <TextField
            label="Celular"
            value={cellphone}
            onChange={(event) => setCellphone(event.target.value)}
            error={!!error}
            helperText={
              error ??
              (COUNTRY === 'arg'
                ? 'Un número de Argentina: 10 dígitos con código de área'
                : 'Un celular de Colombia: 10 dígitos que empiezan con 3')
            }
            size="small"
            slotProps={{ htmlInput: { inputMode: 'tel', autoComplete: 'off' } }}
          />
          <Button type="submit" variant="contained" startIcon={<IconPhoneCall size={18} />} loading={testCall.isPending}>
            Llamada de prueba
          </Button>
        </Stack>
        {last && (
          <Alert severity="success" sx={{ mt: 2 }} data-testid="diag-test-call-result">
            {last.detail} · {time(last.started_at)} · llamada #{last.call_id}
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
