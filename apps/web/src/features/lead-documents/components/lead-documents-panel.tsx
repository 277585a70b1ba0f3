import {
  AUDIT_CHECKLIST_LABELS,
  DOCUMENT_EVIDENCE,
  DOCUMENT_KINDS,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_MESSAGES,
  documentKindLabel,
  formatDateTime,
  type AuditChecklistItem,
  type DocumentKind,
  type LeadDocument,
} from '@backoffice/shared';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  List,
  ListItem,
  ListItemButton,
  ListItemIcon,
  ListItemText,
  MenuItem,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { IconFileTypePdf, IconPaperclip } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { COUNTRY } from '../../../config/env';
import { fileToBase64 } from '../../../lib/read-file';
import { documentContentUrl, useLeadDocuments } from '../api/list-lead-documents';
import { useUploadLeadDocument } from '../api/upload-lead-document';
import { DocumentViewer } from './document-viewer';
import { say } from '../../../lib/voice';

const sizeText = (bytes: number) =>
  bytes < 1024 * 1024 ? `${Math.max(1, Math.round(bytes / 1024))} KB` : `${(bytes / 1024 / 1024).toFixed(1)} MB`;

function DocumentRow({ doc, onOpen }: { doc: LeadDocument; onOpen: () => void }) {
  const label = documentKindLabel(COUNTRY, doc.kind);
  return (
    // A list's children are its items: the button sits in one.
    <ListItem disablePadding>
      <ListItemButton onClick={onOpen} data-testid="lead-document" sx={{ borderRadius: 1 }}>
        <ListItemIcon sx={{ minWidth: 64 }}>
          {doc.content_type === 'application/pdf' ? (
            <IconFileTypePdf size={40} aria-hidden />
          ) : (
            <Box
              component="img"
              src={documentContentUrl(doc.lead_id, doc.id)}
              alt=""
              sx={{ width: 56, height: 36, objectFit: 'cover', borderRadius: 0.5 }}
            />
          )}
        </ListItemIcon>
        <ListItemText
          primary={label}
          secondary={`${doc.file_name ? `${doc.file_name} · ` : ''}${sizeText(doc.size)} · ${formatDateTime(COUNTRY, doc.created_at)}${doc.uploaded_by ? ` · ${doc.uploaded_by.name}` : ''}`}
          slotProps={{ secondary: { sx: { wordBreak: 'break-word' } } }}
        />
      </ListItemButton>
    </ListItem>
  );
}

function UploadForm({ leadId }: { leadId: number }) {
  const upload = useUploadLeadDocument(leadId);
  const [kind, setKind] = useState<DocumentKind>('id_front');
  const [file, setFile] = useState<File | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState<string | null>(null);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setProblem(null);
    setDone(null);
    if (!file) return setProblem(say(DOCUMENT_MESSAGES.fileMissing));
    // The server checks again, by content; this spares sending 5 MB to hear it.
    if (file.size > DOCUMENT_MAX_BYTES) return setProblem(DOCUMENT_MESSAGES.fileSize);
    upload.mutate(
      { kind, file: await fileToBase64(file), file_name: file.name },
      {
        onSuccess: () => {
          setDone(`${documentKindLabel(COUNTRY, kind)} adjuntado`);
          setFile(null);
        },
      },
    );
  };

  return (
    <Stack
      component="form"
      spacing={1.5}
      onSubmit={(event) => void submit(event)}
      data-testid="lead-document-form"
      aria-label="Adjuntar documento"
    >
      <TextField select size="small" label="Tipo de documento" value={kind} onChange={(e) => setKind(e.target.value as DocumentKind)}>
        {DOCUMENT_KINDS.map((k) => (
          <MenuItem key={k} value={k}>
            {documentKindLabel(COUNTRY, k)}
          </MenuItem>
        ))}
      </TextField>
      <Button
        variant="outlined"
        component="label"
        startIcon={<IconPaperclip size={18} />}
        sx={{ justifyContent: 'flex-start', textTransform: 'none' }}
      >
        <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap' }}>
          {file ? file.name : 'Elegir archivo (PNG, JPEG o PDF, hasta 5 MB)'}
        </Box>
        <input
          hidden
          type="file"
          accept="image/png,image/jpeg,application/pdf"
          data-testid="lead-document-file"
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
      </Button>
      {(problem ?? upload.error) && <Alert severity="error">{problem ?? upload.error?.message}</Alert>}
      {done && <Alert severity="success">{done}</Alert>}
      <Button type="submit" variant="contained" disabled={upload.isPending}>
        Adjuntar
      </Button>
    </Stack>
  );
}

/**
 * The customer's documents attached to the application, each opened in a viewer with zoom. `byChecklist`
 * (the audit case) groups them under the checklist item each one is evidence for; `canUpload` adds the form.
 */
export function LeadDocumentsPanel({
  leadId,
  canUpload,
  byChecklist = false,
}: {
  leadId: number;
  canUpload: boolean;
  byChecklist?: boolean;
}) {
  const documents = useLeadDocuments(leadId);
  const [open, setOpen] = useState<LeadDocument | null>(null);
  const list = documents.data?.documents ?? [];
  const rows = (docs: LeadDocument[]) => (
    <List dense disablePadding>
      {docs.map((doc) => (
        <DocumentRow key={doc.id} doc={doc} onOpen={() => setOpen(doc)} />
      ))}
    </List>
  );
  const items = Object.entries(DOCUMENT_EVIDENCE).filter(([, kinds]) => kinds.length > 0) as [
    AuditChecklistItem,
    readonly DocumentKind[],
  ][];
  return (
    <Card data-testid="lead-documents">
      <CardHeader title="Documentos del cliente" subheader={byChecklist ? 'Evidencia de cada punto del checklist' : undefined} />
      <CardContent>
        <Stack spacing={2}>
          {documents.isPending && <Typography variant="body2">Cargando documentos…</Typography>}
          {documents.error && <Alert severity="error">{documents.error.message}</Alert>}
          {documents.isSuccess && list.length === 0 && (
            <Typography variant="body2" color="text.secondary">
              Sin documentos adjuntos.
            </Typography>
          )}
          {byChecklist && list.length > 0
            ? items.map(([item, kinds]) => {
                const evidence = list.filter((doc) => kinds.includes(doc.kind));
                return (
                  <Box key={item} data-testid={`evidence-${item}`}>
                    <Typography variant="subtitle2" component="h3">
                      {AUDIT_CHECKLIST_LABELS[item]}
                    </Typography>
                    {evidence.length > 0 ? (
                      rows(evidence)
                    ) : (
                      <Typography variant="body2" color="text.secondary">
                        Falta: {kinds.map((k) => documentKindLabel(COUNTRY, k)).join(', ')}
                      </Typography>
                    )}
                  </Box>
                );
              })
            : rows(list)}
          {canUpload && <UploadForm leadId={leadId} />}
        </Stack>
      </CardContent>
      {open && <DocumentViewer document={open} onClose={() => setOpen(null)} />}
    </Card>
  );
}
