import { Alert, Breadcrumbs, Grid, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { ActivityTimeline } from '../../components/activity-timeline';
import { DetailIdProblem, useDetailId } from '../../components/detail-id';
import { LoadingIndicator } from '../../components/loading-indicator';
import { useAudit } from '../../features/audits/api/get-audit';
import { AuditClaimCard } from '../../features/audits/components/audit-claim-card';
import { AuditDecisionForm } from '../../features/audits/components/audit-decision-form';
import { AuditHistory } from '../../features/audits/components/audit-history';
import { LeadSummary } from '../../features/leads/components/lead-summary';
import { useListReturnPath } from '../../lib/list-return';
import { useSession } from '../../lib/session';

function AuditDetailView({ id }: { id: number }) {
  const session = useSession();
  const audit = useAudit(id);
  if (audit.isPending) return <LoadingIndicator loading loadingText="Cargando solicitud…" />;
  if (audit.error) return <Alert severity="error">{audit.error.message}</Alert>;
  const detail = audit.data;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Stack spacing={3}>
          <LeadSummary lead={detail.lead} />
          <AuditHistory rounds={detail.history} />
          <ActivityTimeline entries={detail.lead.timeline} subject="lead" />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Stack spacing={3}>
          <AuditClaimCard detail={detail} userId={session?.id} />
          {/* A new round (after a re-audit) starts with a fresh form. */}
          <AuditDecisionForm key={detail.current?.id ?? 'closed'} detail={detail} userId={session?.id} />
        </Stack>
      </Grid>
    </Grid>
  );
}

/** /audit-detail?id=123 (the lead's id): the id comes from the query string (SPEC 2: no path parameters). */
export default function AuditDetailRoute() {
  const { id, raw } = useDetailId();
  // Back to the list as the user left it in this tab (its filters, order and page), else the bare list.
  const listPath = useListReturnPath('/audits');
  return (
    <Stack spacing={2}>
      <Breadcrumbs>
        <MuiLink component={Link} to={listPath} underline="hover">
          Auditorías
        </MuiLink>
        {/* The screen's one h1: what it shows, drawn as the breadcrumb's last step it is. */}
        <Typography component="h1" variant="body1" color="text.primary">
          {id !== undefined ? `Lead #${id}` : 'Lead'}
        </Typography>
      </Breadcrumbs>
      {id !== undefined ? <AuditDetailView id={id} /> : <DetailIdProblem raw={raw} of="de la solicitud" />}
    </Stack>
  );
}
