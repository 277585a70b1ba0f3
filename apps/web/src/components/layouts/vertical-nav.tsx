import { Box, Drawer, List, ListItemButton, ListItemIcon, ListItemText, Tooltip, Typography } from '@mui/material';
import { NavLink } from 'react-router';
import type { NavItem } from './types';

export const NAV_WIDTH = 260;
export const NAV_COLLAPSED_WIDTH = 72;

interface VerticalNavProps {
  items: NavItem[];
  overlay: boolean;
  collapsed: boolean;
  open: boolean;
  onClose: () => void;
}

function Brand({ compact }: { compact: boolean }) {
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, px: 2.5, height: 64 }}>
      <Box component="img" src="/favicon.svg" alt="" sx={{ width: 32, height: 32 }} />
      {!compact && (
        <Typography variant="h6" component="span" noWrap>
          Back-office
        </Typography>
      )}
    </Box>
  );
}

function NavList({ items, compact, onNavigate }: { items: NavItem[]; compact: boolean; onNavigate?: () => void }) {
  return (
    <List component="nav" aria-label="Navegación principal" sx={{ px: 1.5 }}>
      {items.map(({ path, label, icon: Icon }) => {
        const link = (
          <ListItemButton
            key={path}
            component={NavLink}
            to={path}
            end={path === '/'}
            onClick={onNavigate}
            sx={{
              borderRadius: 2,
              mb: 0.5,
              minHeight: 42,
              '&.active': { bgcolor: 'primary.main', color: 'primary.contrastText', '& .MuiListItemIcon-root': { color: 'inherit' } },
            }}
          >
            <ListItemIcon sx={{ minWidth: compact ? 0 : 36 }}>
              <Icon size={22} stroke={1.6} />
            </ListItemIcon>
            {!compact && <ListItemText primary={label} />}
          </ListItemButton>
        );
        // The label as a tooltip only when collapsed: an empty one gave every link an empty aria-label.
        return compact ? (
          <Tooltip key={path} title={label} placement="right">
            {link}
          </Tooltip>
        ) : (
          link
        );
      })}
    </List>
  );
}

/** Permanent (collapsible) beside the content on wide screens; an overlay drawer below the breakpoint. */
export function VerticalNav({ items, overlay, collapsed, open, onClose }: VerticalNavProps) {
  if (overlay) {
    return (
      <Drawer
        variant="temporary"
        open={open}
        onClose={onClose}
        data-testid="vertical-nav"
        data-nav-mode="overlay"
        slotProps={{ paper: { sx: { width: NAV_WIDTH } } }}
      >
        <Brand compact={false} />
        <NavList items={items} compact={false} onNavigate={onClose} />
      </Drawer>
    );
  }
  const width = collapsed ? NAV_COLLAPSED_WIDTH : NAV_WIDTH;
  return (
    <Drawer
      variant="permanent"
      data-testid="vertical-nav"
      data-nav-mode={collapsed ? 'collapsed' : 'static'}
      sx={{ width, flexShrink: 0, '& .MuiDrawer-paper': { width, overflowX: 'hidden', borderInlineEnd: 0, boxShadow: 1 } }}
    >
      <Brand compact={collapsed} />
      <NavList items={items} compact={collapsed} />
    </Drawer>
  );
}
