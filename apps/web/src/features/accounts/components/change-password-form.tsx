import { PASSWORD_MESSAGES, PASSWORD_MIN_LENGTH } from '@backoffice/shared';
import { Alert, Button, Stack, TextField } from '@mui/material';
import { useState, type FormEvent } from 'react';
import { COUNTRY } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { useChangePassword } from '../api/change-password';

type Field = 'current_password' | 'new_password' | 'repeat';

const REPEAT_LABEL = COUNTRY === 'arg' ? 'Repetí la nueva contraseña' : 'Repita la nueva contraseña';
const HINT =
  COUNTRY === 'arg'
    ? `Al menos ${PASSWORD_MIN_LENGTH} caracteres; evitá contraseñas comunes, tu nombre y tu email`
    : `Al menos ${PASSWORD_MIN_LENGTH} caracteres; evite contraseñas comunes, su nombre y su email`;

/**
 * The user's password change: current, new and repeated. The policy is the server's (its field messages are
 * shown under each field); only the repetition is checked here. Ends the user's other sessions.
 */
export function ChangePasswordForm({ onChanged }: { onChanged: (ended: number) => void }) {
  const messages = PASSWORD_MESSAGES[COUNTRY];
  const change = useChangePassword();
  const [values, setValues] = useState<Record<Field, string>>({ current_password: '', new_password: '', repeat: '' });
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [failure, setFailure] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!values.current_password) found.current_password = messages.required;
    if (values.new_password.length < PASSWORD_MIN_LENGTH) found.new_password = messages.tooShort;
    if (values.repeat !== values.new_password) found.repeat = messages.mismatch;
    setErrors(found);
    setFailure(null);
    if (Object.keys(found).length > 0) return;
    change.mutate(
      { current_password: values.current_password, new_password: values.new_password },
      {
        onSuccess: ({ ended }) => {
          setValues({ current_password: '', new_password: '', repeat: '' });
          onChanged(ended);
        },
        onError: (error) => {
          const fields = error instanceof ApiError ? error.fields : [];
          if (fields.length > 0) setErrors(Object.fromEntries(fields.map((f) => [f.field, f.message])));
          else setFailure(error.message);
        },
      },
    );
  };

  const field = (name: Field, label: string, autoComplete: string, helper?: string) => (
    <TextField
      label={label}
      type="password"
      autoComplete={autoComplete}
      value={values[name]}
      onChange={(event) => setValues((current) => ({ ...current, [name]: event.target.value }))}
      error={!!errors[name]}
      helperText={errors[name] ?? helper}
      slotProps={{ htmlInput: { 'data-testid': `password-${name}` } }}
      fullWidth
    />
  );

  return (
    <Stack component="form" noValidate spacing={2} onSubmit={submit} data-testid="change-password-form">
      {failure && <Alert severity="error">{failure}</Alert>}
      {field('current_password', 'Contraseña actual', 'current-password')}
      {field('new_password', 'Nueva contraseña', 'new-password', HINT)}
      {field('repeat', REPEAT_LABEL, 'new-password')}
      <Button type="submit" variant="contained" disabled={change.isPending} sx={{ alignSelf: 'flex-start' }}>
        Cambiar contraseña
      </Button>
    </Stack>
  );
}
