import { canLead } from '@backoffice/shared';
import { Alert, Grid, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { LeadDocumentsPanel } from '../../features/lead-documents/components/lead-documents-panel';
import { ActivityTimeline } from '../../domain/activity-timeline';
import { CustomerForm } from '../../domain/customer-form';
import { DetailActionBar } from '../../components/detail-action-bar';
import { DetailScreen } from '../../components/detail-screen';
import { NoteForm } from '../../domain/lead-forms';
import { LoadingIndicator } from '../../components/loading-indicator';
import { useIsPhone } from '../../components/mobile-list';
import { LoanPanel } from '../../features/loans/components/loan-panel';
import { CallButton } from '../../features/call-reminders/components/call-button';
import { SendMessageButton } from '../../features/communications/components/send-message-button';
import { useAddSaleNote } from '../../features/sales/api/add-sale-note';
import { useSale } from '../../features/sales/api/get-sale';
import { useUpdateSaleCustomer } from '../../features/sales/api/update-sale-customer';
import { SaleActions } from '../../features/sales/components/sale-actions';
import { SaleSummary } from '../../features/sales/components/sale-summary';
import { SaleTransitions } from '../../features/sales/components/sale-transitions';
import { refreshApplicationDetails } from '../../lib/application-queries';
import { useCustomerMessages } from '../../lib/socket';
import { COUNTRY } from '../../config/env';
import { useSession } from '../../lib/session';

function SaleDetailView({ id }: { id: number }) {
  const session = useSession();
  const sale = useSale(id);
  const updateCustomer = useUpdateSaleCustomer(id);
  const addNote = useAddSaleNote(id);
  const queryClient = useQueryClient();
  // On a phone the call, the status and the note are in the action bar only: one copy of each form (and of its draft).
  const phone = useIsPhone();
  // A message the customer sends appears on the timeline live (this screen is in the customer's room).
  useCustomerMessages(sale.data?.customer.id, () => refreshApplicationDetails(queryClient, id));
  if (sale.isPending) return <LoadingIndicator loading loadingText="Cargando venta…" />;
  if (sale.error) return <Alert severity="error">{sale.error.message}</Alert>;
  return (
    <>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={3}>
            <SaleSummary sale={sale.data} />
            <LoanPanel leadId={sale.data.id} />
            {/* One per application (not per customer version): after someone else's save it keeps what was typed. */}
            <CustomerForm key={sale.data.id} application={sale.data} mutation={updateCustomer} />
            <ActivityTimeline entries={sale.data.timeline} subject="sale" />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={3}>
            {!phone && <CallButton cellphone={sale.data.customer.cellphone} leadId={sale.data.id} />}
            <SendMessageButton leadId={sale.data.id} />
            {!phone && <SaleTransitions sale={sale.data} />}
            <LeadDocumentsPanel leadId={sale.data.id} canUpload={canLead('document', COUNTRY, session?.role ?? -1)} />
            <SaleActions sale={sale.data} noteForm={!phone} />
          </Stack>
        </Grid>
      </Grid>
      {/* On a phone the actions a seller uses most stay at hand at the bottom of the screen (and only there). */}
      <DetailActionBar
        call={<CallButton cellphone={sale.data.customer.cellphone} leadId={sale.data.id} />}
        sheets={[
          { label: 'Cambiar estado', content: () => <SaleTransitions sale={sale.data} /> },
          {
            label: 'Nota',
            content: (close) => <NoteForm mutation={addNote} draftKey={`note_${id}`} timeline={sale.data.timeline} onAdded={close} />,
          },
        ]}
      />
    </>
  );
}

/** /sale-detail?id=123: the id comes from the query string (SPEC 2: no path parameters). */
export default function SaleDetailRoute() {
  return (
    <DetailScreen list={{ path: '/sales', label: 'Ventas' }} record="Venta" of="de la venta">
      {(id) => <SaleDetailView id={id} />}
    </DetailScreen>
  );
}
