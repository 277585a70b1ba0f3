import {
  BAN_KINDS,
  BAN_REASONS,
  MESSAGE_CHANNELS,
  channelKind,
  normaliseBanValue,
  type BanKind,
  type BanReason,
  type MessageChannel,
} from '@backoffice/shared';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Stack, TextField } from '@mui/material';
import { useState } from 'react';
import { DateField } from '../../../components/date-fields';
import { useNotify } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { useCreateBan } from '../api/create-ban';

const PLACEHOLDERS: Record<BanKind, string> = {
  document: COUNTRY === 'arg' ? '30.111.222' : '1012345678',
  cellphone: COUNTRY === 'arg' ? '11 5555-4444' : '310 444 5555',
  email: 'cliente@ejemplo.com',
  bank_account: COUNTRY === 'arg' ? 'CBU de 22 dígitos' : 'Número de cuenta',
};

/** A calendar day of the country's form as the instant it ends (an expiry lasts the whole day). */
const endOfDay = (day: string) => new Date(`${day}T23:59:59`).toISOString();

/** A new ban: what is banned, its value, the reason, until when (or never) and, optionally, only contact by a channel. */
export function BanCreateDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const [kind, setKind] = useState<BanKind>('document');
  const [value, setValue] = useState('');
  const [reason, setReason] = useState<BanReason>('fraud');
  const [notes, setNotes] = useState('');
  const [expires, setExpires] = useState('');
  const [channel, setChannel] = useState<MessageChannel | ''>('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const create = useCreateBan();
  const notify = useNotify();

  const close = () => {
    setValue('');
    setNotes('');
    setExpires('');
    setChannel('');
    setErrors({});
    setFailure(null);
    onClose();
  };
  const submit = async () => {
    const checked = normaliseBanValue(COUNTRY, kind, value);
    if (!checked.ok) {
      setErrors({ value: checked.message });
      return;
    }
    setErrors({});
    setFailure(null);
    try {
      await create.mutateAsync({
        kind,
        value,
        reason,
        ...(notes.trim() && { notes }),
        expires_at: expires ? endOfDay(expires) : null,
        channel: channel || null,
      });
      notify({ message: 'Bloqueo creado', color: 'success' });
      close();
    } catch (error) {
      if (error instanceof ApiError && error.fields.length > 0)
        setErrors(Object.fromEntries(error.fields.map((f) => [f.field, f.message])));
      else setFailure(error instanceof Error ? error.message : String(error));
    }
  };
  const channels = MESSAGE_CHANNELS.filter((c) => channelKind(c.id) === kind);
  return (
    <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="ban-create-title">
      <DialogTitle id="ban-create-title">Nuevo bloqueo</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          {failure && <Alert severity="error">{failure}</Alert>}
          <TextField
            select
            label="Qué se bloquea"
            value={kind}
            onChange={(event) => {
              setKind(event.target.value as BanKind);
              setChannel('');
            }}
          >
            {BAN_KINDS.map((k) => (
              <MenuItem key={k.id} value={k.id}>
                {k.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Valor"
            name="value"
            value={value}
            placeholder={PLACEHOLDERS[kind]}
            onChange={(event) => setValue(event.target.value)}
            error={!!errors.value}
            helperText={errors.value}
            required
          />
          <TextField select label="Motivo" value={reason} onChange={(event) => setReason(event.target.value as BanReason)}>
            {BAN_REASONS.map((r) => (
              <MenuItem key={r.id} value={r.id}>
                {r.label}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            label="Detalle"
            value={notes}
            onChange={(event) => setNotes(event.target.value)}
            multiline
            slotProps={{ htmlInput: { maxLength: 500 } }}
          />
          <DateField
            label="Vence (vacío: nunca)"
            value={expires}
            onChange={setExpires}
            error={!!errors.expires_at}
            helperText={errors.expires_at}
          />
          {channels.length > 0 && (
            <TextField
              select
              label="Alcance"
              value={channel}
              onChange={(event) => setChannel(event.target.value as MessageChannel | '')}
              error={!!errors.channel}
              helperText={
                errors.channel ?? 'Sin canal: bloquea nuevas solicitudes. Con canal: solo no se le envían mensajes por ese canal.'
              }
            >
              <MenuItem value="">Bloqueo de crédito</MenuItem>
              {channels.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  No contactar por {c.label}
                </MenuItem>
              ))}
            </TextField>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close}>Cancelar</Button>
        <Button variant="contained" onClick={() => void submit()} loading={create.isPending}>
          Bloquear
        </Button>
      </DialogActions>
    </Dialog>
  );
}
