import { auditQueueQuerySchema } from '@backoffice/shared';
import { Box, Stack, Typography } from '@mui/material';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { ListCountText } from '../../components/list-count';
import { ListError } from '../../components/list-error';
import { ListFiltersFrame } from '../../components/mobile-list';
import { activeFilterCount } from '../../lib/url-state';
import { rowsOutOfDate } from '../../components/list-state';
import { useNotify } from '../../components/notifications';
import { useClaimAudit } from '../../features/audits/api/claim-audit';
import { useAuditQueue } from '../../features/audits/api/get-audit-queue';
import { AuditQueueFilters } from '../../features/audits/components/audit-queue-filters';
import { AuditQueueTable } from '../../features/audits/components/audit-queue-table';
import { useAuditQueueParams } from '../../features/audits/hooks/use-audit-queue-params';
import { useRememberListSearch } from '../../lib/list-return';
import { useSession } from '../../lib/session';

/** The queue's query with nothing chosen: its claim filter starts at 'all', which is no filter the user set. */
const QUEUE_DEFAULTS = auditQueueQuerySchema.parse({});

/** /audits: the auditors' queue, oldest first; "Tomar" claims a case and opens it. */
export default function AuditsRoute() {
  const session = useSession();
  const navigate = useNavigate();
  const notify = useNotify();
  const { query, search, update, reset } = useAuditQueueParams();
  // The audit detail's breadcrumb comes back to the queue as it is now.
  useRememberListSearch('/audits');
  const queue = useAuditQueue(search);
  const { mutate: claimCase, isPending: claiming, variables: claimed } = useClaimAudit();
  const count = queue.data?.count;

  const onClaim = useCallback(
    (leadId: number) =>
      claimCase(leadId, {
        onSuccess: () => void navigate(`/audit-detail?id=${leadId}`),
        onError: (error) => notify({ message: error.message, color: 'error', timeout: null }),
      }),
    [claimCase, navigate, notify],
  );

  return (
    <Stack spacing={2.5}>
      <Box>
        <Typography variant="h4" component="h1">
          Auditorías
        </Typography>
        <ListCountText
          count={count}
          failed={!!queue.error}
          plural="casos"
          singular="caso"
          onExactCount={() => update({ exactCount: true })}
          data-testid="audits-count"
        />
      </Box>
      <ListFiltersFrame active={activeFilterCount(query, QUEUE_DEFAULTS)}>
        <AuditQueueFilters query={query} update={update} reset={reset} />
      </ListFiltersFrame>
      <ListError error={queue.error} onRetry={() => void queue.refetch()} />
      <AuditQueueTable
        query={query}
        data={queue.data}
        loading={queue.isFetching}
        stale={rowsOutOfDate(queue)}
        onClearFilters={reset}
        update={update}
        userId={session?.id}
        claiming={claiming ? (claimed ?? null) : null}
        onClaim={onClaim}
      />
    </Stack>
  );
}
