import {
  MESSAGE_CHANNELS,
  TEMPLATE_SAMPLE_VARIABLES,
  TEMPLATE_VARIABLES,
  labelOf,
  renderTemplate,
  type MessageChannel,
  type MessageTemplate,
} from '@backoffice/shared';
import {
  Alert,
  Box,
  Button,
  Chip,
  Dialog,
  DialogContent,
  DialogTitle,
  IconButton,
  MenuItem,
  Paper,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
  Typography,
} from '@mui/material';
import { IconPencil, IconTemplate } from '@tabler/icons-react';
import { useState } from 'react';
import { useNotify } from '../../../components/notifications';
import { ApiError } from '../../../lib/api-client';
import { useTemplates } from '../api/get-templates';
import { useSaveTemplate } from '../api/save-template';

interface Draft {
  id?: number;
  version?: number;
  name: string;
  channel: MessageChannel;
  subject: string;
  body: string;
  active: boolean;
}

const EMPTY: Draft = { name: '', channel: 'whatsapp', subject: '', body: '', active: true };

/** A template's editor: name, channel, subject (email), body with `{{variables}}`, and its live preview with sample values. */
function TemplateEditor({ draft, onClose }: { draft: Draft; onClose: () => void }) {
  const [value, setValue] = useState(draft);
  const [problem, setProblem] = useState<{ message: string; fields: Record<string, string> } | null>(null);
  const save = useSaveTemplate();
  const notify = useNotify();
  const set = (patch: Partial<Draft>) => setValue({ ...value, ...patch });
  const submit = async (active = value.active) => {
    setProblem(null);
    try {
      await save.mutateAsync({
        id: value.id,
        body: {
          name: value.name,
          channel: value.channel,
          subject: value.channel === 'email' ? value.subject || null : null,
          body: value.body,
          active,
          version: value.version,
        },
      });
      notify({
        message: value.id === undefined ? 'Plantilla creada' : active ? 'Plantilla guardada' : 'Plantilla desactivada',
        color: 'success',
      });
      onClose();
    } catch (error) {
      const fields = error instanceof ApiError ? Object.fromEntries(error.fields.map((f) => [f.field, f.message])) : {};
      setProblem({ message: error instanceof Error ? error.message : String(error), fields });
    }
  };
  return (
    <Stack spacing={2} sx={{ pt: 1 }}>
      {problem && <Alert severity="error">{problem.message}</Alert>}
      <TextField
        label="Nombre"
        value={value.name}
        onChange={(e) => set({ name: e.target.value })}
        error={!!problem?.fields.name}
        helperText={problem?.fields.name}
      />
      <TextField select label="Canal" value={value.channel} onChange={(e) => set({ channel: e.target.value as MessageChannel })}>
        {MESSAGE_CHANNELS.map((c) => (
          <MenuItem key={c.id} value={c.id}>
            {c.label}
          </MenuItem>
        ))}
      </TextField>
      {value.channel === 'email' && (
        <TextField
          label="Asunto"
          value={value.subject}
          onChange={(e) => set({ subject: e.target.value })}
          error={!!problem?.fields.subject}
          helperText={problem?.fields.subject}
        />
      )}
      <TextField
        label="Texto"
        value={value.body}
        onChange={(e) => set({ body: e.target.value })}
        multiline
        slotProps={{ htmlInput: { maxLength: 1000 } }}
        error={!!problem?.fields.body}
        helperText={problem?.fields.body ?? `Variables: ${TEMPLATE_VARIABLES.map((v) => `{{${v.id}}}`).join(' ')}`}
      />
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="template-preview">
        <Typography variant="caption" color="text.secondary">
          Vista previa con datos de ejemplo
        </Typography>
        {value.channel === 'email' && value.subject && (
          <Typography sx={{ fontWeight: 600 }}>{renderTemplate(value.subject, TEMPLATE_SAMPLE_VARIABLES)}</Typography>
        )}
        <Typography sx={{ whiteSpace: 'pre-wrap' }}>{value.body ? renderTemplate(value.body, TEMPLATE_SAMPLE_VARIABLES) : '—'}</Typography>
      </Paper>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button onClick={onClose}>Cancelar</Button>
        {value.id !== undefined && value.active && (
          <Button color="warning" onClick={() => void submit(false)} loading={save.isPending}>
            Desactivar
          </Button>
        )}
        {value.id !== undefined && !value.active && (
          <Button onClick={() => void submit(true)} loading={save.isPending}>
            Reactivar
          </Button>
        )}
        <Button variant="contained" onClick={() => void submit()} loading={save.isPending}>
          Guardar
        </Button>
      </Stack>
    </Stack>
  );
}

/** The templates, active and deactivated (nothing is deleted: sent messages name them), each editable. */
function TemplatesTable({ templates, onEdit }: { templates: MessageTemplate[]; onEdit: (t: MessageTemplate) => void }) {
  return (
    <Table size="small" aria-label="Plantillas">
      <TableHead>
        <TableRow>
          <TableCell>Nombre</TableCell>
          <TableCell>Canal</TableCell>
          <TableCell>Texto</TableCell>
          <TableCell>Estado</TableCell>
          <TableCell />
        </TableRow>
      </TableHead>
      <TableBody>
        {templates.map((t) => (
          <TableRow key={t.id} data-testid="template-row">
            <TableCell>{t.name}</TableCell>
            <TableCell>{labelOf(MESSAGE_CHANNELS, t.channel)}</TableCell>
            <TableCell sx={{ maxWidth: 320, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }} title={t.body}>
              {t.body}
            </TableCell>
            <TableCell>
              {t.active ? <Chip size="small" color="success" label="Activa" /> : <Chip size="small" label="Desactivada" />}
            </TableCell>
            <TableCell>
              <IconButton aria-label={`Editar ${t.name}`} onClick={() => onEdit(t)} size="small">
                <IconPencil size={18} />
              </IconButton>
            </TableCell>
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}

/** "Plantillas" (admins, on /customers-communications): the templates' list, create, edit with preview, deactivate. */
export function TemplatesManagerButton() {
  const [open, setOpen] = useState(false);
  const [editing, setEditing] = useState<Draft | null>(null);
  const templates = useTemplates(true);
  const close = () => {
    setOpen(false);
    setEditing(null);
  };
  return (
    <>
      <Button variant="outlined" startIcon={<IconTemplate size={18} />} onClick={() => setOpen(true)}>
        Plantillas
      </Button>
      <Dialog open={open} onClose={close} fullWidth maxWidth="md" aria-labelledby="templates-title">
        <DialogTitle id="templates-title">
          {editing ? (editing.id === undefined ? 'Nueva plantilla' : `Editar plantilla: ${editing.name}`) : 'Plantillas'}
        </DialogTitle>
        <DialogContent>
          {editing ? (
            <TemplateEditor key={editing.id ?? 'new'} draft={editing} onClose={() => setEditing(null)} />
          ) : (
            <Stack spacing={2}>
              {templates.error && <Alert severity="error">{templates.error.message}</Alert>}
              <Box sx={{ overflowX: 'auto' }}>
                <TemplatesTable
                  templates={templates.data?.templates ?? []}
                  onEdit={(t) =>
                    setEditing({
                      id: t.id,
                      version: t.version,
                      name: t.name,
                      channel: t.channel,
                      subject: t.subject ?? '',
                      body: t.body,
                      active: t.active,
                    })
                  }
                />
              </Box>
              <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                <Button onClick={close}>Cerrar</Button>
                <Button variant="contained" onClick={() => setEditing(EMPTY)}>
                  Nueva plantilla
                </Button>
              </Stack>
            </Stack>
          )}
        </DialogContent>
      </Dialog>
    </>
  );
}
