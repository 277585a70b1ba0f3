import { Alert, Box, Card, CardContent, Typography } from '@mui/material';
import { Navigate, useLocation } from 'react-router';
import { LoadingIndicator } from '../../components/loading-indicator';
import { COUNTRY, COUNTRY_NAME } from '../../config/env';
import { LoginForm } from '../../features/auth/components/login-form';
import { useSession } from '../../lib/session';
import { postLoginPath } from '../post-login';
import { SCREENS } from '../screens';
import { say } from '../../lib/voice';

export default function LoginRoute() {
  const session = useSession();
  const location = useLocation();
  const state = location.state as { from?: unknown; expired?: unknown } | null;
  const from = state?.from;

  // Signing in stores the session, which re-renders this route: the redirect happens here, once. This route
  // stays on screen while the next one's code loads (a second or more on a slow link): it says so.
  if (session)
    return (
      <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center' }}>
        <Navigate to={postLoginPath(from, COUNTRY, session.role, SCREENS)} replace />
        <LoadingIndicator loading loadingText="Ingresando…" />
      </Box>
    );

  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 440 }}>
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, mb: 3 }}>
            <Box component="img" src="/favicon.svg" alt="" sx={{ width: 40, height: 40 }} />
            <Typography variant="h5" component="span">
              Back-office
            </Typography>
          </Box>
          <Typography variant="h5" component="h1">
            Bienvenido
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            {say(`Ingresa con tu cuenta de ${COUNTRY_NAME}.`)}
          </Typography>
          {state?.expired === true && (
            <Alert severity="warning" sx={{ mb: 3 }}>
              {say('Tu sesión terminó. Ingresa de nuevo para continuar donde estabas.')}
            </Alert>
          )}
          <LoginForm />
        </CardContent>
      </Card>
    </Box>
  );
}
