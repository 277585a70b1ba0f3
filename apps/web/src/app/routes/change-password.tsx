import { Alert, Box, Button, Card, CardContent, Typography } from '@mui/material';
import { Navigate, useNavigate } from 'react-router';
import { COUNTRY } from '../../config/env';
import { ChangePasswordForm } from '../../features/accounts/components/change-password-form';
import { fetchFilterResources } from '../../features/auth/api/filter-resources';
import { logout } from '../../features/auth/api/logout';
import { landingPath } from '../../lib/storage';
import { useSession } from '../../lib/session';

const NOTICE =
  COUNTRY === 'arg'
    ? 'Un administrador restableció tu contraseña. Elegí una nueva para continuar.'
    : 'Un administrador restableció su contraseña. Elija una nueva para continuar.';

/**
 * /change-password: where a session whose password an admin set is held (the server answers it nothing else),
 * outside the shell, whose own requests it could not make. Then the role's landing page.
 */
export default function ChangePasswordRoute() {
  const session = useSession();
  const navigate = useNavigate();
  if (!session) return <Navigate to="/login" replace />;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth: 480 }}>
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            Cambiar contraseña
          </Typography>
          <Alert severity="info" sx={{ mb: 3 }}>
            {NOTICE}
          </Alert>
          <ChangePasswordForm
            onChanged={async () => {
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
