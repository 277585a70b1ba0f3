import { failedAttemptsNotice } from '@backoffice/shared';
import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Navigate, useNavigate } from 'react-router';
import { useNotify } from '../../components/notifications';
import { COUNTRY } from '../../config/env';
import { logout } from '../../features/auth/api/logout';
import { SecondFactorForm } from '../../features/auth/components/second-factor-form';
import { landingPath } from '../../lib/storage';
import { useSession } from '../../lib/session';

/**
 * /second-factor: where a session signed in with the password waits for its second factor's code (the server
 * answers it nothing else), outside the shell. Then the role's landing page.
 */
export default function SecondFactorRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  if (!session) return <Navigate to="/login" replace />;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Typography variant="h5" component="h1" sx={{ mb: 1 }}>
            Verificación en dos pasos
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Ingresa el código que muestra tu aplicación de autenticación.
          </Typography>
          <SecondFactorForm
            onVerified={({ failed_attempts: failed, recovery_codes_left: left }) => {
              if (failed) notify({ message: failedAttemptsNotice(failed), color: 'warning', timeout: 12_000 });
              else if (left !== undefined) notify({ message: `Usaste un código de recuperación: te quedan ${left}`, color: 'info' });
              void navigate(landingPath(COUNTRY, session.role), { replace: true });
            }}
          />
          <Button
            sx={{ mt: 2 }}
            onClick={async () => {
              await logout();
              void navigate('/login', { replace: true });
            }}
          >
            Cerrar sesión
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}
