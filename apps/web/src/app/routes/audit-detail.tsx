import { Alert, Grid, Stack } from '@mui/material';
import { ActivityTimeline } from '../../domain/activity-timeline';
import { DetailScreen } from '../../components/detail-screen';
import { LoadingIndicator } from '../../components/loading-indicator';
import { useAudit } from '../../features/audits/api/get-audit';
import { AuditClaimCard } from '../../features/audits/components/audit-claim-card';
import { AuditDecisionForm } from '../../features/audits/components/audit-decision-form';
import { AuditHistory } from '../../features/audits/components/audit-history';
import { LeadDocumentsPanel } from '../../features/lead-documents/components/lead-documents-panel';
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
          {/* Beside the checklist: each item is ticked against the files it names. */}
          <LeadDocumentsPanel leadId={id} canUpload={false} byChecklist />
          {/* A new round (after a re-audit) starts with a fresh form. */}
          <AuditDecisionForm key={detail.current?.id ?? 'closed'} detail={detail} userId={session?.id} />
        </Stack>
      </Grid>
    </Grid>
  );
}

/** /audit-detail?id=123 (the lead's id): the id comes from the query string (SPEC 2: no path parameters). */
export default function AuditDetailRoute() {
  return (
    <DetailScreen list={{ path: '/audits', label: 'Auditorías' }} record="Lead" of="de la solicitud">
      {(id) => <AuditDetailView id={id} />}
    </DetailScreen>
  );
}
