import { findRole } from '@backoffice/shared';
import { Alert, Avatar, Box, Button, Card, CardContent, Chip, Grid, Stack, Typography } from '@mui/material';
import { IconMapPin } from '@tabler/icons-react';
import { LoadingIndicator } from '../../components/loading-indicator';
import { COUNTRY, COUNTRY_NAME } from '../../config/env';
import { useDashboard } from '../../features/dashboard/api/get-dashboard';
import { AuditQueueCard } from '../../features/dashboard/components/audit-queue-card';
import { CollectionsBlock } from '../../features/dashboard/components/collections-block';
import { DailyChart } from '../../features/dashboard/components/daily-chart';
import { FunnelChart } from '../../features/dashboard/components/funnel-chart';
import { funnelListOf } from '../../features/dashboard/components/funnel-list';
import { KpiCards } from '../../features/dashboard/components/kpi-cards';
import { MyWorkCard } from '../../features/dashboard/components/my-work-card';
import { RangeSelector } from '../../features/dashboard/components/range-selector';
import { ConversionCard, SellerRanking } from '../../features/dashboard/components/seller-conversion';
import { StageFailuresCard } from '../../features/dashboard/components/stage-failures-card';
import { useDashboardRange } from '../../features/dashboard/hooks/use-dashboard-range';
import { describeError } from '../../lib/api-client';
import { initials } from '../../lib/format';
import { useSession } from '../../lib/session';
import { say } from '../../lib/voice';

/** `/`: who is signed in, the period, and the dashboard blocks of their role (decided by the server). */
export default function HomeRoute() {
  const session = useSession();
  const role = session ? findRole(COUNTRY, session.role) : undefined;
  const { query, range: asked, setRange } = useDashboardRange();
  const dashboard = useDashboard(query);
  const data = dashboard.data;
  // The period answered; until then, the one the URL means (the server applies the same defaults).
  const range = data && !dashboard.isPlaceholderData ? { from: data.from, to: data.to } : { from: asked.from, to: asked.to };
  const own = data?.scope === 'own';
  // Where a funnel bar opens its step: a seller's /sales, anyone else's /leads (none for a role with neither).
  const funnelList = session ? funnelListOf(COUNTRY, session.role) : null;

  return (
    <Stack spacing={3}>
      <Card>
        <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2.5, flexWrap: 'wrap', p: { xs: 2.5, sm: 3 } }}>
          <Avatar sx={{ width: 52, height: 52, bgcolor: 'primary.main', fontSize: 20 }}>{initials(session?.name ?? '')}</Avatar>
          <Box sx={{ flexGrow: 1, minWidth: 0 }}>
            <Typography variant="h4" component="h1">
              Hola, {session?.name}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ mt: 1, flexWrap: 'wrap', rowGap: 1 }}>
              {role && <Chip label={role.label} color="primary" variant="outlined" size="small" data-testid="home-role" />}
              <Chip icon={<IconMapPin size={16} />} label={COUNTRY_NAME} size="small" variant="outlined" />
              {data && (
                <Chip label={own ? say('Tus números') : 'Todo el país'} size="small" variant="outlined" data-testid="dashboard-scope" />
              )}
            </Stack>
          </Box>
          <RangeSelector range={range} invalid={asked.invalid} onChange={setRange} />
        </CardContent>
      </Card>

      {dashboard.isPending && <LoadingIndicator loading loadingText="Cargando el tablero…" />}
      {dashboard.error && (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => (query.from || query.to ? setRange({}) : void dashboard.refetch())}>
              {query.from || query.to ? 'Últimos 30 días' : 'Reintentar'}
            </Button>
          }
        >
          {describeError(dashboard.error, say('Revisa el período'))}
        </Alert>
      )}

      {data && (
        <Stack
          spacing={3}
          sx={{ opacity: dashboard.isPlaceholderData ? 0.6 : 1, transition: 'opacity 150ms' }}
          aria-busy={dashboard.isFetching}
        >
          {/* What to do today comes first, whatever the role; the period's figures follow. */}
          {session && <MyWorkCard work={data.my_work} role={session.role} />}
          <KpiCards data={data} />
          {/* A collector's figures are their own loans' (the server scopes them). */}
          {data.collections && (
            <CollectionsBlock data={data.collections} own={session !== null && findRole(COUNTRY, session.role)?.kind === 'collector'} />
          )}
          <Grid container spacing={3}>
            {data.funnel && (
              <Grid size={{ xs: 12, lg: data.audit_queue || data.conversion || data.stage_failures ? 7 : 12 }}>
                <FunnelChart steps={data.funnel} own={own} list={funnelList} />
              </Grid>
            )}
            {(data.audit_queue || data.conversion || data.stage_failures) && (
              <Grid size={{ xs: 12, lg: data.funnel ? 5 : 12 }}>
                <Stack spacing={3}>
                  {data.audit_queue && <AuditQueueCard queue={data.audit_queue} />}
                  {data.conversion && <ConversionCard conversion={data.conversion} own={own} />}
                  {data.stage_failures && <StageFailuresCard failures={data.stage_failures} />}
                </Stack>
              </Grid>
            )}
            {data.daily && (
              <Grid size={12}>
                <DailyChart daily={data.daily} own={own} />
              </Grid>
            )}
            {data.seller_ranking && (
              <Grid size={12}>
                <SellerRanking ranking={data.seller_ranking} />
              </Grid>
            )}
          </Grid>
        </Stack>
      )}
    </Stack>
  );
}
