import { failedAttemptsNotice, loginBodySchema } from '@backoffice/shared';
import { voicedZodResolver } from '../../../lib/voiced-resolver';
import { say } from '../../../lib/voice';
import { Alert, Button, CircularProgress, IconButton, InputAdornment, Stack, TextField } from '@mui/material';
import { IconEye, IconEyeOff } from '@tabler/icons-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useNotify, useNotifyError } from '../../../components/notifications';
import { useLogin, type LoginInput } from '../api/login';

/** Longer than a notification's usual 2 s: a warning about the account must be read, not glimpsed. */
const FAILED_ATTEMPTS_NOTICE_MS = 12_000;

const formSchema = loginBodySchema.omit({ branch_id: true });

/** Email and password (the shared login schema without the branch, which the build's country supplies). */
export function LoginForm() {
  const [showPassword, setShowPassword] = useState(false);
  const login = useLogin();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const { register, handleSubmit, formState } = useForm<LoginInput>({
    resolver: voicedZodResolver(formSchema),
    defaultValues: { email: '', password: '' },
  });
  // A refused sign-in is the mutation's error, shown above the fields.
  const submit = handleSubmit((values) =>
    login.mutate(values, {
      // Failed attempts since the last sign-in: someone may be guessing this password.
      onSuccess: ({ failed_attempts: failed }) => {
        if (failed) notify({ message: say(failedAttemptsNotice(failed)), color: 'warning', timeout: FAILED_ATTEMPTS_NOTICE_MS });
      },
    }),
  );

  return (
    <Stack component="form" noValidate spacing={2.5} onSubmit={(event) => void submit(event).catch(notifyError)}>
      {login.error && (
        <Alert severity="error" role="alert">
          {login.error.message}
        </Alert>
      )}
      <TextField
        label="Email"
        type="email"
        autoComplete="username"
        autoFocus
        fullWidth
        {...register('email')}
        error={!!formState.errors.email}
        helperText={formState.errors.email?.message}
      />
      <TextField
        label="Contraseña"
        type={showPassword ? 'text' : 'password'}
        autoComplete="current-password"
        fullWidth
        {...register('password')}
        error={!!formState.errors.password}
        helperText={formState.errors.password?.message}
        slotProps={{
          input: {
            endAdornment: (
              <InputAdornment position="end">
                <IconButton
                  aria-label={showPassword ? 'Ocultar contraseña' : 'Mostrar contraseña'}
                  onClick={() => setShowPassword((shown) => !shown)}
                  edge="end"
                >
                  {showPassword ? <IconEyeOff size={20} /> : <IconEye size={20} />}
                </IconButton>
              </InputAdornment>
            ),
          },
        }}
      />
      <Button
        type="submit"
        variant="contained"
        size="large"
        disabled={login.isPending}
        startIcon={login.isPending ? <CircularProgress size={18} color="inherit" /> : undefined}
      >
        Ingresar
      </Button>
    </Stack>
  );
}
