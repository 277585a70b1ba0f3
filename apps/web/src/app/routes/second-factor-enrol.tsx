import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Navigate, useNavigate } from 'react-router';
import { COUNTRY } from '../../config/env';
import { useSecondFactorRefresh } from '../../features/accounts/api/second-factor';
import { SecondFactorEnrolment } from '../../features/accounts/components/second-factor-enrolment';
import { fetchFilterResources } from '../../features/auth/api/filter-resources';
import { logout } from '../../features/auth/api/logout';
import { landingPath } from '../../lib/storage';
import { useSession } from '../../lib/session';

/**
 * /second-factor/enrol: where a user whose role requires a second factor, not set up yet, is held after the
 * password (the server answers that session nothing else), outside the shell. Then the role's landing page.
 */
export default function SecondFactorEnrolRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const refresh = useSecondFactorRefresh();
  if (!session) return <Navigate to="/login" replace />;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 560 }}>
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            Configura la verificación en dos pasos
          </Typography>
          <Alert severity="info" sx={{ mb: 3 }}>
            Tu rol exige la verificación en dos pasos. Configúrala para continuar.
          </Alert>
          <SecondFactorEnrolment
            onDone={async () => {
              await refresh();
              // Held back at sign-in (the session could not read them yet): SPEC 3's resources before landing.
              await fetchFilterResources().catch((error: unknown) => console.error(error));
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
