import { canAccess, type LoginResponse } from '@backoffice/shared';
import { Box, Card, CardContent, Typography } from '@mui/material';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { COUNTRY } from '../../config/env';
import { LoginForm } from '../../features/auth/components/login-form';
import { landingPath, sessionFromLogin } from '../../lib/storage';
import { useSession } from '../../lib/session';
import { SCREENS } from '../screens';

/** Where to go after sign-in: the page the user was sent away from, if the role may open it, else the role's page. */
function destination(from: unknown, role: LoginResponse['user']): string {
  const { role: roleId } = sessionFromLogin(role);
  if (typeof from === 'string') {
    const path = from.split('?')[0];
    const screen = SCREENS.find((s) => s.path === path);
    if (screen && screen.path !== '/' && canAccess(screen.screen, COUNTRY, roleId)) return from;
  }
  return landingPath(COUNTRY, roleId);
}

export default function LoginRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state as { from?: unknown } | null)?.from;

  if (session) return <Navigate to={landingPath(COUNTRY, session.role)} replace />;

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
            Bienvenido 👋
          </Typography>
          <Typography color="text.secondary" sx={{ mb: 3 }}>
            Ingresá con tu cuenta de {COUNTRY === 'arg' ? 'Argentina' : 'Colombia'}.
          </Typography>
          <LoginForm onSuccess={(response) => navigate(destination(from, response.user), { replace: true })} />
        </CardContent>
      </Card>
    </Box>
  );
}
