import {
  Avatar,
  Badge,
  Box,
  Button,
  Divider,
  IconButton,
  ListItemIcon,
  ListItemText,
  Menu,
  MenuItem,
  Tooltip,
  Typography,
} from '@mui/material';
import { IconBell, IconDeviceDesktop, IconLayoutGrid, IconLogout, IconMoon, IconSun, IconUserCircle } from '@tabler/icons-react';
import { useState, type MouseEvent } from 'react';
import { useNavigate } from 'react-router';
import { appNotifications, useAppNotifications } from '../../lib/app-notifications';
import { initials } from '../../lib/format';
import type { ThemeMode } from '../../lib/preferences';
import type { LayoutUser, NavItem } from './types';

function useAnchor() {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return { anchor, open: (event: MouseEvent<HTMLElement>) => setAnchor(event.currentTarget), close: () => setAnchor(null) };
}

const THEME_OPTIONS: { mode: ThemeMode; label: string; icon: typeof IconSun }[] = [
  { mode: 'light', label: 'Claro', icon: IconSun },
  { mode: 'dark', label: 'Oscuro', icon: IconMoon },
  { mode: 'system', label: 'Sistema', icon: IconDeviceDesktop },
];

export function ThemeSwitcher({ mode, onChange }: { mode: ThemeMode; onChange: (mode: ThemeMode) => void }) {
  const { anchor, open, close } = useAnchor();
  const Current = THEME_OPTIONS.find((option) => option.mode === mode)!.icon;
  return (
    <>
      <Tooltip title="Tema">
        <IconButton aria-label="Tema" onClick={open} color="inherit">
          <Current size={22} />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close}>
        {THEME_OPTIONS.map(({ mode: option, label, icon: Icon }) => (
          <MenuItem
            key={option}
            selected={option === mode}
            onClick={() => {
              onChange(option);
              close();
            }}
          >
            <ListItemIcon>
              <Icon size={20} />
            </ListItemIcon>
            <ListItemText>{label}</ListItemText>
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function ShortcutsMenu({ items }: { items: NavItem[] }) {
  const { anchor, open, close } = useAnchor();
  const navigate = useNavigate();
  return (
    <>
      <Tooltip title="Accesos directos">
        <IconButton aria-label="Accesos directos" onClick={open} color="inherit">
          <IconLayoutGrid size={22} />
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close} slotProps={{ paper: { sx: { width: 320 } } }}>
        <Typography variant="subtitle2" sx={{ px: 2, py: 1 }}>
          Accesos directos
        </Typography>
        <Divider />
        <Box sx={{ display: 'grid', gridTemplateColumns: '1fr 1fr', gap: 1, p: 1 }}>
          {items.map(({ path, label, icon: Icon }) => (
            <Button
              key={path}
              onClick={() => {
                void navigate(path);
                close();
              }}
              color="inherit"
              sx={{ flexDirection: 'column', gap: 0.5, py: 2 }}
            >
              <Icon size={24} />
              <Typography variant="body2">{label}</Typography>
            </Button>
          ))}
        </Box>
      </Menu>
    </>
  );
}

export function NotificationsMenu() {
  const { anchor, open, close } = useAnchor();
  const items = useAppNotifications();
  const unread = items.filter((item) => !item.read).length;
  return (
    <>
      <Tooltip title="Notificaciones">
        <IconButton aria-label="Notificaciones" onClick={open} color="inherit">
          <Badge color="error" badgeContent={unread} invisible={unread === 0}>
            <IconBell size={22} />
          </Badge>
        </IconButton>
      </Tooltip>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close} slotProps={{ paper: { sx: { width: 360 } } }}>
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', px: 2, py: 1 }}>
          <Typography variant="subtitle2">Notificaciones</Typography>
          <Button size="small" disabled={unread === 0} onClick={() => appNotifications.markAllRead()}>
            Marcar todas como leídas
          </Button>
        </Box>
        <Divider />
        {items.length === 0 && (
          <Typography color="text.secondary" sx={{ px: 2, py: 3, textAlign: 'center' }}>
            No hay notificaciones
          </Typography>
        )}
        {items.map((item) => (
          <MenuItem
            key={item.id}
            onClick={() => {
              item.action?.onClick();
              close();
            }}
            sx={{ whiteSpace: 'normal', alignItems: 'flex-start', fontWeight: item.read ? 400 : 600 }}
          >
            <ListItemText primary={item.title} secondary={item.body} />
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}

export function UserMenu({ user, onLogout }: { user: LayoutUser; onLogout: () => void }) {
  const { anchor, open, close } = useAnchor();
  const navigate = useNavigate();
  return (
    <>
      <IconButton aria-label="Perfil" onClick={open} sx={{ p: 0.5 }}>
        <Avatar sx={{ width: 36, height: 36, bgcolor: 'primary.main', fontSize: 15 }}>{initials(user.name)}</Avatar>
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close} slotProps={{ paper: { sx: { minWidth: 220 } } }}>
        <Box sx={{ px: 2, py: 1 }}>
          <Typography variant="subtitle1" data-testid="user-name">
            {user.name}
          </Typography>
          <Typography variant="body2" color="text.secondary" data-testid="user-role">
            {user.roleLabel}
          </Typography>
        </Box>
        <Divider />
        <MenuItem
          onClick={() => {
            close();
            void navigate('/account');
          }}
        >
          <ListItemIcon>
            <IconUserCircle size={20} />
          </ListItemIcon>
          <ListItemText>Mi cuenta</ListItemText>
        </MenuItem>
        <MenuItem
          onClick={() => {
            close();
            onLogout();
          }}
        >
          <ListItemIcon>
            <IconLogout size={20} />
          </ListItemIcon>
          <ListItemText>Cerrar sesión</ListItemText>
        </MenuItem>
      </Menu>
    </>
  );
}
