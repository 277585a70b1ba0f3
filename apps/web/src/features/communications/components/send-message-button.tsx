import { MESSAGE_CHANNELS, templateVariablesOf, TEMPLATE_VARIABLES, labelOf, type MessageChannel, type MessageSendInput } from '@backoffice/shared';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { dateTime } from '../../../lib/format';
import { useTemplates } from '../api/get-templates';
import { previewMessage, useSendMessage } from '../api/send-message';

const AUTOMATIC = new Set(['nombre', 'monto']);

/** "Enviar mensaje" on an application: channel, template with its variables (or free text), preview, send. */
export function SendMessageButton({ leadId }: { leadId: number }) {
  const [open, setOpen] = useState(false);
  const [channel, setChannel] = useState<MessageChannel>('whatsapp');
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [variables, setVariables] = useState<Record<string, string>>({});
  const [text, setText] = useState('');
  const [subject, setSubject] = useState('');
  const [preview, setPreview] = useState<{ to: string; subject: string | null; body: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const templates = useTemplates();
  const send = useSendMessage(leadId);
  const notify = useNotify();
  const options = (templates.data?.templates ?? []).filter((t) => t.channel === channel && t.active);
  const template = options.find((t) => t.id === templateId);
  const asked = template ? templateVariablesOf(`${template.subject ?? ''} ${template.body}`).filter((v) => !AUTOMATIC.has(v)) : [];
  const body = (): MessageSendInput =>
    template ? { channel, lead_id: leadId, template_id: template.id, variables } : { channel, lead_id: leadId, body: text, ...(channel === 'email' && subject && { subject }) };
  const failed = (error: unknown) =>
    setProblem(error instanceof ApiError && error.fields.length > 0 ? error.fields.map((f) => f.message).join(' · ') : error instanceof Error ? error.message : String(error));
  const close = () => {
    setOpen(false);
    setPreview(null);
    setProblem(null);
    setTemplateId('');
    setVariables({});
    setText('');
  };
  const showPreview = async () => {
    setProblem(null);
    try {
      setPreview(await previewMessage(body()));
    } catch (error) {
      failed(error);
    }
  };
  const submit = async () => {
    setProblem(null);
    try {
      const sent = await send.mutateAsync(body());
      notify({
        message: sent.status === 'sent' ? 'Mensaje enviado' : sent.send_after ? `Mensaje en cola: sale el ${dateTime(sent.send_after)}` : 'Mensaje en cola',
        color: 'success',
      });
      close();
    } catch (error) {
      failed(error);
    }
  };
  return (
    <>
      <Button variant="outlined" startIcon={<IconSend size={18} />} onClick={() => setOpen(true)}>
        Enviar mensaje
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="sm" aria-labelledby="send-message-title">
        <DialogTitle id="send-message-title">Enviar mensaje</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {problem && <Alert severity="error">{problem}</Alert>}
            <TextField
              select
              label="Canal"
              value={channel}
              onChange={(event) => {
                setChannel(event.target.value as MessageChannel);
                setTemplateId('');
                setPreview(null);
              }}
            >
              {MESSAGE_CHANNELS.map((c) => (
                <MenuItem key={c.id} value={c.id}>
                  {c.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              select
              label="Plantilla"
              value={templateId}
              onChange={(event) => {
                setTemplateId(event.target.value === '' ? '' : Number(event.target.value));
                setPreview(null);
              }}
              helperText={channel === 'whatsapp' ? 'Por WhatsApp la conversación se inicia con una plantilla' : undefined}
            >
              {channel !== 'whatsapp' && <MenuItem value="">Texto libre</MenuItem>}
              {options.map((t) => (
                <MenuItem key={t.id} value={t.id}>
                  {t.name}
                </MenuItem>
              ))}
            </TextField>
            {template &&
              asked.map((name) => (
                <TextField
                  key={name}
                  label={labelOf(TEMPLATE_VARIABLES, name) || name}
                  value={variables[name] ?? ''}
                  onChange={(event) => {
                    setVariables({ ...variables, [name]: event.target.value });
                    setPreview(null);
                  }}
                />
              ))}
            {!template && channel === 'email' && <TextField label="Asunto" value={subject} onChange={(event) => setSubject(event.target.value)} />}
            {!template && channel !== 'whatsapp' && (
              <TextField label="Mensaje" value={text} onChange={(event) => setText(event.target.value)} multiline minRows={3} slotProps={{ htmlInput: { maxLength: 1000 } }} />
            )}
            {preview && (
              <Paper variant="outlined" sx={{ p: 2 }} data-testid="message-preview">
                <Typography variant="caption" color="text.secondary">
                  Para {preview.to}
                </Typography>
                {preview.subject && <Typography sx={{ fontWeight: 600 }}>{preview.subject}</Typography>}
                <Typography sx={{ whiteSpace: 'pre-wrap' }}>{preview.body}</Typography>
              </Paper>
            )}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={close}>Cancelar</Button>
          <Button onClick={() => void showPreview()}>Vista previa</Button>
          <Button variant="contained" onClick={() => void submit()} loading={send.isPending} disabled={!preview}>
            Enviar
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
