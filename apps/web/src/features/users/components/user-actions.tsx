import type { AdminUser } from '@backoffice/shared';
import { IconButton, ListItemText, Menu, MenuItem } from '@mui/material';
import { IconDots } from '@tabler/icons-react';
import { useState } from 'react';
import { useConfirm } from '../../../components/confirm-dialog';
import { useNotify } from '../../../components/notifications';
import { useResetSecondFactor, useUnlockUser, useUpdateUser } from '../api/user-mutations';
import { EditUserDialog, ResetPasswordDialog } from './user-dialogs';

/** A row's actions: edit role and telephony number, reset the password or the second factor, deactivate or reactivate, unlock. */
export function UserActions({ user }: { user: AdminUser }) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const [dialog, setDialog] = useState<'edit' | 'reset' | null>(null);
  const update = useUpdateUser();
  const unlock = useUnlockUser();
  const resetSecondFactor = useResetSecondFactor();
  const confirm = useConfirm();
  const notify = useNotify();
  const close = () => setAnchor(null);
  const failed = (error: Error) => notify({ message: error.message, color: 'error' });

  const toggleActive = async () => {
    close();
    const deactivate = user.active;
    const ok = await confirm({
      title: deactivate ? 'Desactivar usuario' : 'Reactivar usuario',
      message: deactivate ? `${user.name} no podrá ingresar y sus sesiones se cerrarán.` : `${user.name} podrá volver a ingresar.`,
    });
    if (!ok) return;
    update.mutate(
      { id: user.id, active: !deactivate, version: user.version },
      {
        onSuccess: () => notify({ message: deactivate ? 'Usuario desactivado' : 'Usuario reactivado', color: 'success' }),
        onError: failed,
      },
    );
  };

  const resetFactor = async () => {
    close();
    const ok = await confirm({
      title: 'Restablecer verificación en dos pasos',
      message: `${user.name} ingresará solo con su contraseña (y volverá a configurarla si su rol la exige). Sus sesiones se cerrarán.`,
    });
    if (!ok) return;
    resetSecondFactor.mutate(user.id, {
      onSuccess: () => notify({ message: 'Verificación en dos pasos restablecida', color: 'success' }),
      onError: failed,
    });
  };

  return (
    <>
      <IconButton
        size="small"
        aria-label={`Acciones de ${user.name}`}
        onClick={(e) => setAnchor(e.currentTarget)}
        data-testid={`user-actions-${user.id}`}
      >
        <IconDots size={18} />
      </IconButton>
      <Menu anchorEl={anchor} open={!!anchor} onClose={close}>
        <MenuItem onClick={() => (close(), setDialog('edit'))}>
          <ListItemText>Editar rol y Neotel</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => (close(), setDialog('reset'))}>
          <ListItemText>Restablecer contraseña</ListItemText>
        </MenuItem>
        <MenuItem onClick={() => void toggleActive()}>
          <ListItemText>{user.active ? 'Desactivar' : 'Reactivar'}</ListItemText>
        </MenuItem>
        {user.second_factor && (
          <MenuItem onClick={() => void resetFactor()}>
            <ListItemText>Restablecer verificación en dos pasos</ListItemText>
          </MenuItem>
        )}
        <MenuItem
          onClick={() => {
            close();
            unlock.mutate(user.id, { onSuccess: () => notify({ message: 'Cuenta desbloqueada', color: 'success' }), onError: failed });
          }}
        >
          <ListItemText>Desbloquear ingreso</ListItemText>
        </MenuItem>
      </Menu>
      {dialog === 'edit' && <EditUserDialog user={user} onClose={() => setDialog(null)} />}
      {dialog === 'reset' && <ResetPasswordDialog user={user} onClose={() => setDialog(null)} />}
    </>
  );
}
