import type { DebtFreeRow } from '@backoffice/shared';
import { Button, Chip, Stack } from '@mui/material';
import { IconCheck, IconDownload, IconX } from '@tabler/icons-react';
import { useConfirm, usePrompt } from '../../../components/confirm-dialog';
import { useNotify, useNotifyError } from '../../../components/notifications';
import { useAcceptDebtFree, useRejectDebtFree } from '../api/debt-free-mutations';
import { downloadCertificate } from '../api/download-certificate';

const PROCESSED = [
  { label: 'Pendiente', color: 'warning' },
  { label: 'Aceptado', color: 'success' },
  { label: 'Rechazado', color: 'error' },
] as const;

export function ProcessedChip({ processed }: { processed: number }) {
  const entry = PROCESSED[processed] ?? PROCESSED[0];
  return <Chip size="small" label={entry.label} color={entry.color} variant="outlined" data-testid="debt-free-processed" />;
}

/** What a row offers: accept or reject while pending, the PDF once accepted. */
export function DebtFreeActions({ row }: { row: DebtFreeRow }) {
  const accept = useAcceptDebtFree();
  const reject = useRejectDebtFree();
  const confirm = useConfirm();
  const prompt = usePrompt();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const failed = (error: Error) => notify({ message: error.message, color: 'error', timeout: null });
  const acceptRequest = async () => {
    if (
      !(await confirm({
        title: 'Aceptar libre deuda',
        message: `¿Emitir el certificado de libre deuda de ${row.customer_name}?`,
        confirmLabel: 'Aceptar',
      }))
    )
      return;
    accept.mutate(row.id, { onSuccess: () => notify({ message: 'Certificado emitido', color: 'success' }), onError: failed });
  };
  const rejectRequest = async () => {
    const reason = await prompt({
      title: 'Rechazar libre deuda',
      confirmLabel: 'Rechazar',
      input: { label: 'Motivo', required: true, maxLength: 500 },
    });
    if (reason === null) return;
    reject.mutate(
      { id: row.id, reason: reason.trim() },
      { onSuccess: () => notify({ message: 'Solicitud rechazada', color: 'success' }), onError: failed },
    );
  };
  if (row.processed === 1)
    return (
      <Button
        size="small"
        startIcon={<IconDownload size={16} />}
        onClick={(event) => {
          event.stopPropagation();
          downloadCertificate(row.id).catch(failed);
        }}
      >
        Descargar PDF
      </Button>
    );
  if (row.processed !== 0) return null;
  return (
    <Stack direction="row" spacing={1}>
      <Button
        size="small"
        color="success"
        startIcon={<IconCheck size={16} />}
        disabled={accept.isPending}
        onClick={(event) => {
          event.stopPropagation();
          void acceptRequest().catch(notifyError);
        }}
      >
        Aceptar
      </Button>
      <Button
        size="small"
        color="error"
        startIcon={<IconX size={16} />}
        disabled={reject.isPending}
        onClick={(event) => {
          event.stopPropagation();
          void rejectRequest().catch(notifyError);
        }}
      >
        Rechazar
      </Button>
    </Stack>
  );
}
