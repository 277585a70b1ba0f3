import type { AuditDetail } from '@backoffice/shared';
import { Alert, Button, Card, CardContent, CardHeader, Stack, Typography } from '@mui/material';
import { IconHandGrab, IconLockOpen } from '@tabler/icons-react';
import { useNotify } from '../../../components/notifications';
import { time } from '../../../lib/format';
import { useClaimAudit } from '../api/claim-audit';
import { useReleaseAudit } from '../api/release-audit';
import { NextCaseButton } from './next-case-button';
import { say } from '../../../lib/voice';

/** Who works the case: take it (only one auditor at a time) or give it back to the queue. */
export function AuditClaimCard({ detail, userId }: { detail: AuditDetail; userId: number | undefined }) {
  const claim = useClaimAudit();
  const release = useReleaseAudit(detail.lead.id);
  const notify = useNotify();
  const holder = detail.claim;
  const mine = holder?.user.id === userId;

  if (!detail.current) {
    return (
      <Alert severity="info" action={<NextCaseButton currentId={detail.lead.id} />} sx={{ alignItems: 'center' }}>
        La solicitud no está esperando auditoría.
      </Alert>
    );
  }
  return (
    <Card>
      <CardHeader title="Toma del caso" />
      <CardContent>
        <Stack spacing={1.5}>
          <Typography data-testid="audit-claim">
            {holder
              ? `${mine ? say('Lo tienes tomado tú') : `Lo tiene tomado ${holder.user.name}`} desde las ${time(holder.claimed_at)} (vence a las ${time(holder.expires_at)}).`
              : 'Nadie tomó este caso.'}
          </Typography>
          {mine ? (
            <Button
              variant="outlined"
              color="secondary"
              startIcon={<IconLockOpen size={18} />}
              disabled={release.isPending}
              onClick={() =>
                release.mutate(undefined, {
                  onSuccess: () => notify('Caso devuelto a la cola'),
                  onError: (error) => notify({ message: error.message, color: 'error', timeout: null }),
                })
              }
            >
              Liberar
            </Button>
          ) : (
            <Button
              variant="contained"
              startIcon={<IconHandGrab size={18} />}
              disabled={claim.isPending || !!holder}
              onClick={() =>
                claim.mutate(detail.lead.id, {
                  onSuccess: () => notify('Caso tomado'),
                  onError: (error) => notify({ message: error.message, color: 'error', timeout: null }),
                })
              }
            >
              Tomar caso
            </Button>
          )}
        </Stack>
      </CardContent>
    </Card>
  );
}
