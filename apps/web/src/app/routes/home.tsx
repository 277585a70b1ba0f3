import { findRole } from '@backoffice/shared';
import { Box, Card, CardActionArea, CardContent, Grid, Typography } from '@mui/material';
import { Link } from 'react-router';
import { COUNTRY } from '../../config/env';
import { useSession } from '../../lib/session';
import { useNavItems } from '../nav-items';

/** Start page: who is signed in and the screens the role may open (the dashboard replaces it later). */
export default function HomeRoute() {
  const session = useSession();
  const items = useNavItems().filter((item) => item.path !== '/');
  const role = session ? findRole(COUNTRY, session.role) : undefined;
  return (
    <Box>
      <Typography variant="h4" component="h1">
        Hola, {session?.name}
      </Typography>
      <Typography color="text.secondary" sx={{ mt: 0.5, mb: 3 }}>
        {role?.label} · {COUNTRY === 'arg' ? 'Argentina' : 'Colombia'}
      </Typography>
      {items.length === 0 ? (
        <Card>
          <CardContent>
            <Typography>Todavía no hay pantallas disponibles para tu rol en esta versión.</Typography>
          </CardContent>
        </Card>
      ) : (
        <Grid container spacing={2}>
          {items.map(({ path, label, icon: Icon }) => (
            <Grid key={path} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
              <Card>
                <CardActionArea component={Link} to={path} sx={{ p: 1 }}>
                  <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
                    <Icon size={28} />
                    <Typography variant="h6">{label}</Typography>
                  </CardContent>
                </CardActionArea>
              </Card>
            </Grid>
          ))}
        </Grid>
      )}
    </Box>
  );
}
