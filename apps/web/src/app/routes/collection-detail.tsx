import { Alert, Card, CardContent, CardHeader, Grid, Stack } from '@mui/material';
import { useQueryClient } from '@tanstack/react-query';
import { DetailActionBar } from '../../components/detail-action-bar';
import { DetailScreen } from '../../components/detail-screen';
import { LoadingIndicator } from '../../components/loading-indicator';
import { useIsPhone } from '../../components/mobile-list';
import { CallButton } from '../../features/call-reminders/components/call-button';
import { useCollection } from '../../features/collections/api/get-collection';
import { useCollectionSettings } from '../../features/collections/api/get-collection-settings';
import { COLLECTIONS_KEY } from '../../features/collections/api/get-collections';
import { AssignCollector } from '../../features/collections/components/assign-collector';
import { CollectionSummary } from '../../features/collections/components/collection-summary';
import { LoanTimeline } from '../../features/collections/components/loan-timeline';
import { ManagementForm } from '../../features/collections/components/management-form';
import { SendMessageButton } from '../../features/communications/components/send-message-button';
import { LoanPanel } from '../../features/loans/components/loan-panel';
import { useCustomerMessages } from '../../lib/socket';

function CollectionDetailView({ id }: { id: number }) {
  const loan = useCollection(id);
  const settings = useCollectionSettings();
  const queryClient = useQueryClient();
  // On a phone the call and the management are in the action bar only: one copy of each.
  const phone = useIsPhone();
  const refresh = () => void queryClient.invalidateQueries({ queryKey: [...COLLECTIONS_KEY, 'detail', id] });
  // A message the customer sends appears on the loan's timeline live (this screen is in the customer's room).
  useCustomerMessages(loan.data?.customer.id, refresh);
  if (loan.isPending) return <LoadingIndicator loading loadingText="Cargando préstamo…" />;
  if (loan.error) return <Alert severity="error">{loan.error.message}</Alert>;
  const data = loan.data;
  return (
    <>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, lg: 8 }}>
          <Stack spacing={3}>
            <CollectionSummary loan={data} />
            <LoanPanel loanId={data.id} />
            <LoanTimeline events={data.timeline} />
          </Stack>
        </Grid>
        <Grid size={{ xs: 12, lg: 4 }}>
          <Stack spacing={3}>
            {data.can_write && !phone && (
              <CallButton
                cellphone={data.customer.cellphone}
                leadId={data.lead_id}
                loanId={data.id}
                onCalled={() => void queryClient.invalidateQueries({ queryKey: [...COLLECTIONS_KEY, 'detail', id] })}
              />
            )}
            {/* Payment reminder, promise confirmation: amount and due date from the loan's next installment. */}
            {data.can_write && <SendMessageButton loanId={data.id} onSent={refresh} />}
            {data.can_write && !phone && <ManagementForm loanId={data.id} />}
            {data.can_assign && settings.data && (
              <Card>
                <CardHeader title="Cobrador" slotProps={{ title: { variant: 'h6', component: 'h2' } }} />
                <CardContent sx={{ pt: 0 }}>
                  <AssignCollector collectors={settings.data.collectors} target={{ id: data.id }} current={data.collector?.id ?? null} />
                </CardContent>
              </Card>
            )}
          </Stack>
        </Grid>
      </Grid>
      {/* On a phone the collector's call and management stay at hand at the bottom of the screen (and only there). */}
      {data.can_write && (
        <DetailActionBar
          call={<CallButton cellphone={data.customer.cellphone} leadId={data.lead_id} loanId={data.id} onCalled={refresh} />}
          sheets={[{ label: 'Gestión', content: () => <ManagementForm loanId={data.id} /> }]}
        />
      )}
    </>
  );
}

/** /collection-detail?id=123: the id comes from the query string (SPEC 2: no path parameters). */
export default function CollectionDetailRoute() {
  return (
    <DetailScreen list={{ path: '/collections', label: 'Cobranzas' }} record="Préstamo" of="del préstamo">
      {(id) => <CollectionDetailView id={id} />}
    </DetailScreen>
  );
}
