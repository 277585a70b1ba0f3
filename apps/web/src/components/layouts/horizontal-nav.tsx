import { Box, Button } from '@mui/material';
import { NavLink } from 'react-router';
import type { NavItem } from './types';

export function HorizontalNav({ items }: { items: NavItem[] }) {
  return (
    <Box
      component="nav"
      aria-label="Navegación principal"
      data-testid="horizontal-nav"
      sx={{ display: 'flex', gap: 1, px: 3, py: 1, bgcolor: 'background.paper', borderTop: 1, borderColor: 'divider', overflowX: 'auto' }}
    >
      {items.map(({ path, label, icon: Icon }) => (
        <Button
          key={path}
          component={NavLink}
          to={path}
          end={path === '/'}
          color="inherit"
          startIcon={<Icon size={20} stroke={1.6} />}
          sx={{ flexShrink: 0, borderRadius: 2, '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText' } }}
        >
          {label}
        </Button>
      ))}
    </Box>
  );
}
