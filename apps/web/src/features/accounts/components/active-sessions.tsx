import { Alert, Box, Button, Card, Chip, List, ListItem, ListItemText, Stack, Typography } from '@mui/material';
import { useConfirm } from '../../../components/confirm-dialog';
import { useNotify, useNotifyError } from '../../../components/notifications';
import { dateTime } from '../../../lib/format';
import { useEndOtherSessions, useEndSession, useSessions } from '../api/sessions';

/** The user's active sessions (ASVS V3.3): each one's device, address and last use; end one or all the others. */
export function ActiveSessions() {
  const sessions = useSessions();
  const endOne = useEndSession();
  const endOthers = useEndOtherSessions();
  const confirm = useConfirm();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const rows = sessions.data?.sessions ?? [];
  const others = rows.filter((s) => !s.current).length;
  const endOtherSessions = async () => {
    if (
      !(await confirm({
        title: 'Cerrar las demás sesiones',
        message: `Se cerrarán ${others} ${others === 1 ? 'sesión' : 'sesiones'} en otros dispositivos.`,
      }))
    )
      return;
    endOthers.mutate(undefined, {
      onSuccess: ({ ended }) => notify({ message: `${ended} ${ended === 1 ? 'sesión cerrada' : 'sesiones cerradas'}`, color: 'success' }),
      onError: (error) => notify({ message: error.message, color: 'error' }),
    });
  };

  return (
    <Card sx={{ p: 2.5 }} data-testid="active-sessions">
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          Sesiones activas
        </Typography>
        <Button color="error" disabled={others === 0 || endOthers.isPending} onClick={() => void endOtherSessions().catch(notifyError)}>
          Cerrar las demás
        </Button>
      </Box>
      {sessions.error && <Alert severity="error">{sessions.error.message}</Alert>}
      <List disablePadding>
        {rows.map((session) => (
          <ListItem
            key={session.id}
            divider
            data-testid="session-row"
            secondaryAction={
              session.current ? (
                <Chip label="Esta sesión" color="primary" size="small" />
              ) : (
                <Button
                  size="small"
                  color="error"
                  disabled={endOne.isPending}
                  onClick={() =>
                    endOne.mutate(session.id, {
                      onSuccess: () => notify({ message: 'Sesión cerrada', color: 'success' }),
                      onError: (error) => notify({ message: error.message, color: 'error' }),
                    })
                  }
                >
                  Cerrar sesión
                </Button>
              )
            }
          >
            <ListItemText
              primary={session.device}
              secondary={
                <Stack component="span" direction="row" spacing={2} sx={{ flexWrap: 'wrap' }}>
                  <span>Dirección: {session.ip ?? '—'}</span>
                  <span>Último uso: {dateTime(session.last_used_at)}</span>
                  <span>Inicio: {dateTime(session.created_at)}</span>
                </Stack>
              }
            />
          </ListItem>
        ))}
      </List>
    </Card>
  );
}
