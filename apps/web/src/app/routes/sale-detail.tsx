import { Alert, Breadcrumbs, Grid, Link as MuiLink, Stack, Typography } from '@mui/material';
import { Link } from 'react-router';
import { ActivityTimeline } from '../../components/activity-timeline';
import { CustomerForm } from '../../components/customer-form';
import { DetailIdProblem, useDetailId } from '../../components/detail-id';
import { LoadingIndicator } from '../../components/loading-indicator';
import { CallButton } from '../../features/call-reminders/components/call-button';
import { useSale } from '../../features/sales/api/get-sale';
import { useUpdateSaleCustomer } from '../../features/sales/api/update-sale-customer';
import { SaleActions } from '../../features/sales/components/sale-actions';
import { SaleSummary } from '../../features/sales/components/sale-summary';
import { SaleTransitions } from '../../features/sales/components/sale-transitions';
import { useListReturnPath } from '../../lib/list-return';

function SaleDetailView({ id }: { id: number }) {
  const sale = useSale(id);
  const updateCustomer = useUpdateSaleCustomer(id);
  if (sale.isPending) return <LoadingIndicator loading loadingText="Cargando venta…" />;
  if (sale.error) return <Alert severity="error">{sale.error.message}</Alert>;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 8 }}>
        <Stack spacing={3}>
          <SaleSummary sale={sale.data} />
          {/* One per application (not per customer version): after someone else's save it keeps what was typed. */}
          <CustomerForm key={sale.data.id} application={sale.data} mutation={updateCustomer} />
          <ActivityTimeline entries={sale.data.timeline} subject="sale" />
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, lg: 4 }}>
        <Stack spacing={3}>
          <CallButton cellphone={sale.data.customer.cellphone} leadId={sale.data.id} />
          <SaleTransitions sale={sale.data} />
          <SaleActions sale={sale.data} />
        </Stack>
      </Grid>
    </Grid>
  );
}

/** /sale-detail?id=123: the id comes from the query string (SPEC 2: no path parameters). */
export default function SaleDetailRoute() {
  const { id, raw } = useDetailId();
  // Back to the list as the user left it in this tab (its filters, order and page), else the bare list.
  const listPath = useListReturnPath('/sales');
  return (
    <Stack spacing={2}>
      <Breadcrumbs>
        <MuiLink component={Link} to={listPath} underline="hover">
          Ventas
        </MuiLink>
        {/* The screen's one h1: what it shows, drawn as the breadcrumb's last step it is. */}
        <Typography component="h1" variant="body1" color="text.primary">
          {id !== undefined ? `Venta #${id}` : 'Venta'}
        </Typography>
      </Breadcrumbs>
      {id !== undefined ? <SaleDetailView id={id} /> : <DetailIdProblem raw={raw} of="de la venta" />}
    </Stack>
  );
}
