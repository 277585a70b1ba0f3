import { Box, Button, Card, CardContent, Typography } from '@mui/material';
import type { ReactNode } from 'react';
import { Navigate, useNavigate } from 'react-router';
import { COUNTRY } from '../config/env';
import { fetchFilterResources } from '../features/auth/api/filter-resources';
import { landingPath } from '../lib/storage';
import { useSession } from '../lib/session';
import { useSignOut } from './sign-out';

/**
 * A page a session held by the server waits on (a password to change, a second factor's code or enrolment),
 * outside the shell whose requests the server would refuse it: its form, and a way out.
 */
export function HeldSessionPage({ title, maxWidth, children }: { title: string; maxWidth: number; children: ReactNode }) {
  const session = useSession();
  const signOut = useSignOut();
  if (!session) return <Navigate to="/login" replace />;
  return (
    <Box component="main" sx={{ minHeight: '100vh', display: 'grid', placeItems: 'center', p: 2, bgcolor: 'background.default' }}>
      <Card sx={{ width: '100%', maxWidth }}>
        <CardContent sx={{ p: { xs: 3, sm: 5 } }}>
          <Typography variant="h5" component="h1" sx={{ mb: 2 }}>
            {title}
          </Typography>
          {children}
          <Button sx={{ mt: 2 }} onClick={signOut}>
            Cerrar sesión
          </Button>
        </CardContent>
      </Card>
    </Box>
  );
}

/**
 * Once the server lets a held session through: SPEC 3's resources (held back at sign-in, the session could not
 * read them yet), then the role's landing page.
 */
export function useLandAfterHold(): () => Promise<void> {
  const session = useSession();
  const navigate = useNavigate();
  return async () => {
    await fetchFilterResources().catch((error: unknown) => console.error(error));
    if (session) void navigate(landingPath(COUNTRY, session.role), { replace: true });
  };
}
