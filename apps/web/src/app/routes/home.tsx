import { findRole } from '@backoffice/shared';
import { Avatar, Box, Card, CardActionArea, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import { IconKeyboard, IconMapPin } from '@tabler/icons-react';
import { Link } from 'react-router';
import { COUNTRY, COUNTRY_NAME } from '../../config/env';
import { initials } from '../../lib/format';
import { useSession } from '../../lib/session';
import { useNavItems } from '../nav-items';

/** Start page: who is signed in and the screens the role may open (the dashboard replaces it later). */
export default function HomeRoute() {
  const session = useSession();
  const items = useNavItems().filter((item) => item.path !== '/');
  const role = session ? findRole(COUNTRY, session.role) : undefined;
  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap', p: { xs: 2.5, sm: 3.5 } }}>
          <Avatar sx={{ width: 56, height: 56, bgcolor: 'primary.main', fontSize: 22 }}>{initials(session?.name ?? '')}</Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h4" component="h1">
              Hola, {session?.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
              {role && <Chip label={role.label} color="primary" variant="outlined" size="small" data-testid="home-role" />}
              <Chip icon={<IconMapPin size={16} />} label={COUNTRY_NAME} size="small" variant="outlined" />
            </Stack>
          </Box>
          <Box sx={{ display: { xs: 'none', md: 'flex' }, alignItems: 'center', gap: 1, color: 'text.secondary' }}>
            <IconKeyboard size={20} />
            <Typography variant="body2">Ctrl+K para buscar una pantalla</Typography>
          </Box>
        </CardContent>
      </Card>

      <Box>
        <Typography variant="h6" component="h2" sx={{ mb: 1.5 }}>
          Tus pantallas
        </Typography>
        {items.length === 0 ? (
          <Card>
            <CardContent>
              <Typography color="text.secondary">Todavía no hay pantallas disponibles para tu rol en esta versión.</Typography>
            </CardContent>
          </Card>
        ) : (
          <Grid container spacing={2}>
            {items.map(({ path, label, icon: Icon }) => (
              <Grid key={path} size={{ xs: 12, sm: 6, md: 4, lg: 3 }}>
                <Card sx={{ height: '100%' }}>
                  <CardActionArea component={Link} to={path} sx={{ height: '100%' }}>
                    <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2, p: 2.5 }}>
                      <Avatar variant="rounded" sx={{ bgcolor: 'action.selected', color: 'primary.main', width: 44, height: 44 }}>
                        <Icon size={24} stroke={1.6} />
                      </Avatar>
                      <Typography variant="subtitle1" sx={{ fontWeight: 600 }}>
                        {label}
                      </Typography>
                    </CardContent>
                  </CardActionArea>
                </Card>
              </Grid>
            ))}
          </Grid>
        )}
      </Box>
    </Stack>
  );
}
