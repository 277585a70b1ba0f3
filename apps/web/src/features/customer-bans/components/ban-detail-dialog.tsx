import { BAN_KINDS, BAN_REASONS, BAN_STATES, MESSAGE_CHANNELS, labelOf, statusLabelOf } from '@backoffice/shared';
import {
  Alert,
  Button,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Link as MuiLink,
  List,
  ListItem,
  ListItemText,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { Link } from 'react-router';
import { LoadingIndicator } from '../../../components/loading-indicator';
import { useNotify } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { dateTime } from '../../../lib/format';
import { useBan } from '../api/get-ban';
import { useLiftBan } from '../api/lift-ban';

/** A ban: what, why, who and when, its lifting (with a reason) and the applications it stopped at intake. */
export function BanDetailDialog({ id, canWrite, onClose }: { id: number | null; canWrite: boolean; onClose: () => void }) {
  const detail = useBan(id);
  const lift = useLiftBan();
  const notify = useNotify();
  const [reason, setReason] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const ban = detail.data?.ban;
  const applications = detail.data?.applications ?? [];
  const close = () => {
    setReason('');
    setProblem(null);
    onClose();
  };
  const submit = async () => {
    if (!ban) return;
    try {
      await lift.mutateAsync({ id: ban.id, body: { reason, version: ban.version } });
      notify({ message: 'Bloqueo levantado', color: 'success' });
      setReason('');
      setProblem(null);
    } catch (error) {
      setProblem(
        error instanceof ApiError && error.fields[0] ? error.fields[0].message : error instanceof Error ? error.message : String(error),
      );
    }
  };
  const liftable = ban && (ban.state === 'active' || ban.state === 'scheduled');
  return (
    <Dialog open={id !== null} onClose={close} fullWidth maxWidth="sm" aria-labelledby="ban-detail-title">
      <DialogTitle id="ban-detail-title">Bloqueo #{id}</DialogTitle>
      <DialogContent>
        <LoadingIndicator loading={detail.isPending} />
        {detail.error && <Alert severity="error">{detail.error.message}</Alert>}
        {ban && (
          <Stack spacing={1.5} data-testid="ban-detail">
            <Typography>
              <strong>{labelOf(BAN_KINDS, ban.kind)}:</strong> {ban.value}
            </Typography>
            <Typography>
              <strong>Alcance:</strong> {ban.channel ? `No contactar por ${labelOf(MESSAGE_CHANNELS, ban.channel)}` : 'Bloqueo de crédito'}
            </Typography>
            <Typography>
              <strong>Motivo:</strong> {labelOf(BAN_REASONS, ban.reason)}
              {ban.notes ? ` — ${ban.notes}` : ''}
            </Typography>
            <Typography>
              <strong>Estado:</strong> {labelOf(BAN_STATES, ban.state)} · desde {dateTime(ban.starts_at)} ·{' '}
              {ban.expires_at ? `vence ${dateTime(ban.expires_at)}` : 'sin vencimiento'}
            </Typography>
            <Typography>
              <strong>Creado por:</strong> {ban.created_by_name ?? '—'}
            </Typography>
            {ban.lifted_at && (
              <Alert severity="info">
                Levantado el {dateTime(ban.lifted_at)} por {ban.lifted_by_name ?? '—'}: {ban.lift_reason}
              </Alert>
            )}
            <Typography variant="subtitle1" component="h2">
              Solicitudes detenidas ({applications.length})
            </Typography>
            {applications.length === 0 ? (
              <Typography color="text.secondary">Este bloqueo no detuvo ninguna solicitud.</Typography>
            ) : (
              <List dense disablePadding>
                {applications.map((a) => (
                  <ListItem key={a.lead_id} disableGutters>
                    <ListItemText
                      primary={
                        <MuiLink component={Link} to={`/lead-detail?id=${a.lead_id}`}>
                          Solicitud #{a.lead_id} · {a.customer_name} ({a.doc_number})
                        </MuiLink>
                      }
                      secondary={`${dateTime(a.stopped_at)} · ${statusLabelOf(COUNTRY, a.status_id)}`}
                    />
                  </ListItem>
                ))}
              </List>
            )}
            {canWrite && liftable && (
              <Stack spacing={1} sx={{ pt: 1 }}>
                <TextField
                  label="Motivo para levantar el bloqueo"
                  value={reason}
                  onChange={(event) => setReason(event.target.value)}
                  error={!!problem}
                  helperText={problem}
                  multiline
                  slotProps={{ htmlInput: { maxLength: 500 } }}
                />
                <Button
                  variant="outlined"
                  color="warning"
                  onClick={() => void submit()}
                  loading={lift.isPending}
                  disabled={reason.trim().length < 3}
                >
                  Levantar bloqueo
                </Button>
              </Stack>
            )}
          </Stack>
        )}
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cerrar</Button>
      </DialogActions>
    </Dialog>
  );
}
