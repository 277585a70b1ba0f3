import { idSchema } from '@backoffice/shared';
import { Alert, Breadcrumbs, Grid, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link, useSearchParams } from 'react-router';
import { ActivityTimeline } from '../../components/activity-timeline';
import { LoadingIndicator } from '../../components/loading-indicator';
import { useAudit } from '../../features/audits/api/get-audit';
import { AuditClaimCard } from '../../features/audits/components/audit-claim-card';
import { AuditDecisionForm } from '../../features/audits/components/audit-decision-form';
import { AuditHistory } from '../../features/audits/components/audit-history';
import { LeadSummary } from '../../features/leads/components/lead-summary';
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
  const [params] = useSearchParams();
  const id = idSchema.safeParse(params.get('id'));
  return (
    <Stack spacing={2}>
      <Breadcrumbs>
        <MuiLink component={Link} to="/audits" underline="hover">
          Auditorías
        </MuiLink>
        <Typography color="text.primary">{id.success ? `Lead #${id.data}` : 'Lead'}</Typography>
      </Breadcrumbs>
      {id.success ? <AuditDetailView id={id.data} /> : <Alert severity="warning">Falta el identificador de la solicitud (?id=…).</Alert>}
    </Stack>
  );
}
