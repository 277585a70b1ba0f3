import {
  MESSAGE_CHANNELS,
  templateVariablesOf,
  TEMPLATE_VARIABLES,
  labelOf,
  type MessageChannel,
  type MessageSendInput,
} from '@backoffice/shared';
import { Alert, Button, MenuItem, Paper, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { dateTime } from '../../../lib/format';
import { useTemplates } from '../api/get-templates';
import { previewMessage, useSendMessage } from '../api/send-message';

/** Variables the server fills itself: the customer's name and the amount; a loan's next installment also gives the due date. */
const AUTOMATIC = new Set(['nombre', 'monto']);
const AUTOMATIC_ON_LOAN = new Set(['nombre', 'monto', 'vencimiento']);

export interface SendMessageTarget {
  /** The application the message is about (sale or lead detail, conversation). */
  leadId?: number;
  /** Or the loan (collection detail): amount and due date come from its next installment. */
  loanId?: number;
}

/**
 * The send form: channel, template with its variables (or free text where the channel allows), the preview
 * the server renders, then send. `onDone` after a send (or Cancelar, when given).
 */
export function SendMessageForm({
  target,
  onSent,
  onCancel,
  compact = false,
}: {
  target: SendMessageTarget;
  onSent?: () => void;
  onCancel?: () => void;
  compact?: boolean;
}) {
  const [channel, setChannel] = useState<MessageChannel>('whatsapp');
  const [templateId, setTemplateId] = useState<number | ''>('');
  const [variables, setVariables] = useState<Record<string, string>>({});
  const [text, setText] = useState('');
  const [subject, setSubject] = useState('');
  const [preview, setPreview] = useState<{ to: string; subject: string | null; body: string } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const templates = useTemplates();
  const send = useSendMessage(target.leadId);
  const notify = useNotify();
  const options = (templates.data?.templates ?? []).filter((t) => t.channel === channel && t.active);
  const template = options.find((t) => t.id === templateId);
  const automatic = target.loanId ? AUTOMATIC_ON_LOAN : AUTOMATIC;
  const asked = template ? templateVariablesOf(`${template.subject ?? ''} ${template.body}`).filter((v) => !automatic.has(v)) : [];
  const about = {
    ...(target.leadId !== undefined && { lead_id: target.leadId }),
    ...(target.loanId !== undefined && { loan_id: target.loanId }),
  };
  const body = (): MessageSendInput =>
    template
      ? { channel, ...about, template_id: template.id, variables }
      : { channel, ...about, body: text, ...(channel === 'email' && subject && { subject }) };
  const failed = (error: unknown) =>
    setProblem(
      error instanceof ApiError && error.fields.length > 0
        ? error.fields.map((f) => f.message).join(' · ')
        : error instanceof Error
          ? error.message
          : String(error),
    );
  const reset = () => {
    setPreview(null);
    setProblem(null);
    setTemplateId('');
    setVariables({});
    setText('');
    setSubject('');
  };
  const changed = () => setPreview(null);
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
        message:
          sent.status === 'sent'
            ? 'Mensaje enviado'
            : sent.send_after
              ? `Mensaje en cola: sale el ${dateTime(sent.send_after)}`
              : 'Mensaje en cola',
        color: 'success',
      });
      reset();
      onSent?.();
    } catch (error) {
      failed(error);
    }
  };
  return (
    <Stack spacing={2} sx={{ pt: compact ? 0 : 1 }}>
      {problem && <Alert severity="error">{problem}</Alert>}
      <Stack direction={compact ? { xs: 'column', sm: 'row' } : 'column'} spacing={2}>
        <TextField
          select
          label="Canal"
          value={channel}
          size={compact ? 'small' : 'medium'}
          sx={compact ? { minWidth: 140 } : undefined}
          onChange={(event) => {
            setChannel(event.target.value as MessageChannel);
            setTemplateId('');
            changed();
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
          size={compact ? 'small' : 'medium'}
          sx={compact ? { flex: 1 } : undefined}
          onChange={(event) => {
            setTemplateId(event.target.value === '' ? '' : Number(event.target.value));
            changed();
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
      </Stack>
      {template &&
        asked.map((name) => (
          <TextField
            key={name}
            size={compact ? 'small' : 'medium'}
            label={labelOf(TEMPLATE_VARIABLES, name) || name}
            value={variables[name] ?? ''}
            onChange={(event) => {
              setVariables({ ...variables, [name]: event.target.value });
              changed();
            }}
          />
        ))}
      {!template && channel === 'email' && (
        <TextField
          label="Asunto"
          size={compact ? 'small' : 'medium'}
          value={subject}
          onChange={(event) => {
            setSubject(event.target.value);
            changed();
          }}
        />
      )}
      {!template && channel !== 'whatsapp' && (
        <TextField
          label="Mensaje"
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            changed();
          }}
          multiline
          slotProps={{ htmlInput: { maxLength: 1000 } }}
        />
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
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        {onCancel && (
          <Button
            onClick={() => {
              reset();
              onCancel();
            }}
          >
            Cancelar
          </Button>
        )}
        <Button onClick={() => void showPreview()}>Vista previa</Button>
        <Button variant="contained" onClick={() => void submit()} loading={send.isPending} disabled={!preview}>
          Enviar
        </Button>
      </Stack>
    </Stack>
  );
}
