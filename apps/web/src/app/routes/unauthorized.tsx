import { findRole } from '@backoffice/shared';
import { Box, Button, Stack, Typography } from '@mui/material';
import { IconLock } from '@tabler/icons-react';
import { Link, useLocation } from 'react-router';
import { COUNTRY } from '../../config/env';
import { useSession } from '../../lib/session';
import { useSignOut } from '../sign-out';
import { say } from '../../lib/voice';

export default function UnauthorizedRoute() {
  const session = useSession();
  const signOut = useSignOut();
  const from = (useLocation().state as { from?: string } | null)?.from;
  const role = session ? findRole(COUNTRY, session.role) : undefined;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 3, textAlign: 'center' }}>
      <Box sx={{ maxWidth: 520 }}>
        <Box sx={{ color: 'warning.main' }}>
          <IconLock size={72} stroke={1.4} />
        </Box>
        <Typography variant="h4" component="h1" sx={{ mt: 2 }}>
          No autorizado
        </Typography>
        <Typography color="text.secondary" sx={{ mt: 1 }}>
          {say(
            `${role ? `Tu rol (${role.label}) no tiene permiso para abrir ${from ?? 'esta página'}.` : 'No tienes permiso para abrir esta página.'} Si crees que es un error, pídele acceso a un supervisor.`,
          )}
        </Typography>
        <Stack direction="row" spacing={2} sx={{ justifyContent: 'center', mt: 4 }}>
          <Button component={Link} to="/" variant="contained">
            Volver al inicio
          </Button>
          {session ? (
            <Button variant="outlined" onClick={signOut}>
              Cerrar sesión
            </Button>
          ) : (
            <Button component={Link} to="/login" variant="outlined">
              Ingresar
            </Button>
          )}
        </Stack>
      </Box>
    </Box>
  );
}
