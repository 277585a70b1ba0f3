import { canAccess, canLead, canWrite, isSellerOrWoAssignation } from '@backoffice/shared';
import { Alert, Grid, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { ActivityTimeline } from '../../domain/activity-timeline';
import { CustomerForm } from '../../domain/customer-form';
import { DetailActionBar } from '../../components/detail-action-bar';
import { DetailScreen } from '../../components/detail-screen';
import { NoteForm } from '../../domain/lead-forms';
import { LoadingIndicator } from '../../components/loading-indicator';
import { useIsPhone } from '../../components/mobile-list';
import { useLeadLoan } from '../../features/loans/api/get-loan';
import { LoanPanel } from '../../features/loans/components/loan-panel';
import { RegisterVoluntaryPay } from '../../features/voluntary-pays/components/register-voluntary-pay';
import { CallButton } from '../../features/call-reminders/components/call-button';
import { SendMessageButton } from '../../features/communications/components/send-message-button';
import { COUNTRY } from '../../config/env';
import { LeadDocumentsPanel } from '../../features/lead-documents/components/lead-documents-panel';
import { LeadDebtFreePanel } from '../../features/debt-frees/components/lead-debt-free-panel';
import { useLead } from '../../features/leads/api/get-lead';
import { useAddNote, useUpdateLeadCustomer } from '../../features/leads/api/lead-mutations';
import { LeadActions } from '../../features/leads/components/lead-actions';
import { LeadSummary } from '../../features/leads/components/lead-summary';
import { LeadTransitions } from '../../features/leads/components/lead-transitions';
import { LeadRegretPanel } from '../../features/regrets/components/lead-regret-panel';
import { refreshApplicationDetails } from '../../lib/application-queries';
import { useSession } from '../../lib/session';
import { useCustomerMessages } from '../../lib/socket';

function LeadDetailView({ id }: { id: number }) {
  const session = useSession();
  const lead = useLead(id);
  const updateCustomer = useUpdateLeadCustomer(id);
  const addNote = useAddNote(id);
  const loan = useLeadLoan(id);
  const queryClient = useQueryClient();
  // On a phone the call, the status and the note are in the action bar only: one copy of each form (and of its draft).
  const phone = useIsPhone();
  // A message the customer sends appears on the timeline live (this screen is in the customer's room).
  useCustomerMessages(lead.data?.customer.id, () => refreshApplicationDetails(queryClient, id));
  if (lead.isPending) return <LoadingIndicator loading loadingText="Cargando lead…" />;
  if (lead.error) return <Alert severity="error">{lead.error.message}</Alert>;
  const role = session?.role ?? -1;
  return (
    <>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={3}>
            <LeadSummary lead={lead.data} />
            <LoanPanel leadId={lead.data.id} />
            {/* One per application (not per customer version): after someone else's save it keeps what was typed. */}
            {canLead('customer', COUNTRY, role) && <CustomerForm key={lead.data.id} application={lead.data} mutation={updateCustomer} />}
            <ActivityTimeline entries={lead.data.timeline} subject="lead" />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={3}>
            {!phone && <CallButton cellphone={lead.data.customer.cellphone} leadId={lead.data.id} />}
            {/* The server checks again (a seller: their own applications). */}
            {(canWrite('customers-communications', COUNTRY, role) || isSellerOrWoAssignation(COUNTRY, role)) && (
              <SendMessageButton leadId={lead.data.id} />
            )}
            {!phone && <LeadTransitions lead={lead.data} />}
            {/* The server decides per loan (a collector only on theirs); the form is offered to the review roles. */}
            {loan.data?.can_pay && canAccess('voluntary-pays', COUNTRY, role) && <RegisterVoluntaryPay loanId={loan.data.loan.id} />}
            <LeadDocumentsPanel leadId={lead.data.id} canUpload={canLead('document', COUNTRY, role)} />
            <LeadActions
              lead={lead.data}
              canEdit={canLead('note', COUNTRY, role)}
              canReassign={canLead('reassign', COUNTRY, role)}
              noteForm={!phone}
            />
            {canAccess('debt-frees', COUNTRY, role) && <LeadDebtFreePanel leadId={lead.data.id} customerId={lead.data.customer.id} />}
            {canAccess('regrets', COUNTRY, role) && <LeadRegretPanel leadId={lead.data.id} />}
          </Stack>
        </Grid>
      </Grid>
      {/* On a phone the actions a seller uses most stay at hand at the bottom of the screen (and only there). */}
      <DetailActionBar
        call={<CallButton cellphone={lead.data.customer.cellphone} leadId={lead.data.id} />}
        sheets={[
          { label: 'Cambiar estado', content: () => <LeadTransitions lead={lead.data} /> },
          ...(canLead('note', COUNTRY, role)
            ? [
                {
                  label: 'Nota',
                  content: (close: () => void) => (
                    <NoteForm mutation={addNote} draftKey={`note_${id}`} timeline={lead.data.timeline} onAdded={close} />
                  ),
                },
              ]
            : []),
        ]}
      />
    </>
  );
}

/** /lead-detail?id=123: the id comes from the query string (SPEC 2: no path parameters). */
export default function LeadDetailRoute() {
  return (
    <DetailScreen list={{ path: '/leads', label: 'Leads' }} record="Lead" of="del lead">
      {(id) => <LeadDetailView id={id} />}
    </DetailScreen>
  );
}
