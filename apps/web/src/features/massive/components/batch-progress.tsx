import { MASSIVE_BATCH_STATUS_LABELS, type MassiveBatch, type MassiveBatchStatus } from '@backoffice/shared';
import { Box, Chip, LinearProgress, Typography } from '@mui/material';

const COLORS: Record<MassiveBatchStatus, 'default' | 'primary' | 'success' | 'warning' | 'error' | 'info'> = {
  draft: 'default',
  queued: 'info',
  running: 'primary',
  paused: 'warning',
  cancelled: 'default',
  finished: 'success',
  partial: 'warning',
  failed: 'error',
};

export function BatchStatusChip({ status }: { status: MassiveBatchStatus }) {
  return <Chip size="small" color={COLORS[status]} label={MASSIVE_BATCH_STATUS_LABELS[status]} data-testid="batch-status" />;
}

/** Rows applied (done or failed) of those to apply, as a bar and a percentage. */
export function BatchProgress({ batch, rate }: { batch: MassiveBatch; rate?: number | null }) {
  const { done, failed, pending, skipped } = batch.counts;
  const toApply = done + failed + pending + skipped;
  const percent = toApply === 0 ? 0 : Math.round(((done + failed + skipped) / toApply) * 100);
  const left = rate && rate > 0 && pending > 0 ? Math.ceil(pending / rate) : null;
  return (
    <Box>
      <LinearProgress variant="determinate" value={percent} aria-label="Progreso del lote" sx={{ height: 10, borderRadius: 1 }} />
      <Typography variant="body2" sx={{ mt: 0.5 }} data-testid="batch-progress">
        {percent}% · {done} aplicadas · {failed} fallidas · {pending} pendientes{skipped ? ` · ${skipped} sin aplicar` : ''}
        {rate ? ` · ${rate.toFixed(1)} filas/s` : ''}
        {left !== null ? ` · faltan ~${left} s` : ''}
      </Typography>
    </Box>
  );
}
