import { Card, Stack, Typography } from '@mui/material';
import { useNotify } from '../../components/notifications';
import { ActiveSessions } from '../../features/accounts/components/active-sessions';
import { ChangePasswordForm } from '../../features/accounts/components/change-password-form';
import { SecondFactorCard } from '../../features/accounts/components/second-factor-card';
import { say } from '../../lib/voice';

/** /account, from the user menu: the user's password, second factor and active sessions (issue 40). */
export default function AccountRoute() {
  const notify = useNotify();
  return (
    <Stack spacing={2.5} sx={{ maxWidth: 860 }}>
      <Typography variant="h4" component="h1">
        Mi cuenta
      </Typography>
      <Card sx={{ p: 2.5 }}>
        <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
          Cambiar contraseña
        </Typography>
        <ChangePasswordForm
          onChanged={(ended) =>
            notify({
              message:
                ended > 0
                  ? say(`Contraseña cambiada. ${ended === 1 ? 'Se cerró tu otra sesión' : `Se cerraron tus otras ${ended} sesiones`}.`)
                  : 'Contraseña cambiada',
              color: 'success',
            })
          }
        />
      </Card>
      <SecondFactorCard />
      <ActiveSessions />
    </Stack>
  );
}
