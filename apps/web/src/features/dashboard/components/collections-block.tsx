import type { DashboardResponse } from '@backoffice/shared';
import { Box, Grid, Stack, Typography, useTheme } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { LineChart } from '@mui/x-charts/LineChart';
import { compactMoney, count, money } from '../../../lib/format';
import { DashboardCard, visuallyHidden } from './dashboard-card';
import { longDay, percent, shortDay } from './format';
import { Stat } from './stat';
import { say } from '../../../lib/voice';

/** A chart's numbers as a table for screen readers (the chart is only a picture of them). */
function ChartTable({ label, head, rows }: { label: string; head: string[]; rows: { key: string; cells: string[] }[] }) {
  return (
    <Box component="table" sx={visuallyHidden} aria-label={label}>
      <thead>
        <tr>
          {head.map((cell) => (
            <th key={cell} scope="col">
              {cell}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {rows.map(({ key, cells: [first, ...rest] }) => (
          <tr key={key}>
            <th scope="row">{first}</th>
            {rest.map((cell, index) => (
              <td key={index}>{cell}</td>
            ))}
          </tr>
        ))}
      </tbody>
    </Box>
  );
}

type Collections = NonNullable<DashboardResponse['collections']>;

/** Collections: the portfolio at risk by bucket, money recovered per day, promises kept and broken. */
export function CollectionsBlock({ data, own }: { data: Collections; own: boolean }) {
  const theme = useTheme();
  const { at_risk: risk, recovered, promises } = data;
  const resolved = promises.kept + promises.broken;
  return (
    <Grid container spacing={3}>
      <Grid size={{ xs: 12, lg: 6 }}>
        <DashboardCard
          id="collections-risk"
          title={own ? say('Tu cartera en mora por tramo') : 'Cartera en mora por tramo'}
          subheader={`${count(risk.reduce((n, b) => n + b.count, 0))} préstamos · ${money(risk.reduce((n, b) => n + b.amount, 0))}`}
        >
          {/* Loans and money side by side, each on its own scale (never twin axes on one chart). */}
          <Grid container spacing={2}>
            {(
              [
                { key: 'count', title: 'Préstamos', color: theme.palette.warning.main, format: count, axis: count },
                { key: 'amount', title: 'Saldo', color: theme.palette.error.main, format: money, axis: compactMoney },
              ] as const
            ).map((panel) => (
              <Grid key={panel.key} size={{ xs: 12, sm: 6 }} data-testid={`collections-risk-${panel.key}`}>
                <Typography variant="subtitle2" component="h3">
                  {panel.title}
                </Typography>
                <Box sx={{ height: 240 }}>
                  <BarChart
                    dataset={risk}
                    xAxis={[{ scaleType: 'band', dataKey: 'label' }]}
                    yAxis={[
                      {
                        min: 0,
                        tickMinStep: panel.key === 'count' ? 1 : undefined,
                        valueFormatter: (v: number) => panel.axis(v),
                        width: panel.key === 'count' ? 48 : 72,
                      },
                    ]}
                    series={[{ dataKey: panel.key, label: panel.title, color: panel.color, valueFormatter: (v) => panel.format(v ?? 0) }]}
                    hideLegend
                    localeText={{ noData: 'Sin datos', loading: 'Cargando…' }}
                  />
                </Box>
              </Grid>
            ))}
          </Grid>
          <ChartTable
            label="Cartera en mora por tramo"
            head={['Tramo', 'Préstamos', 'Saldo']}
            rows={risk.map((bucket) => ({ key: bucket.label, cells: [bucket.label, count(bucket.count), money(bucket.amount)] }))}
          />
        </DashboardCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 6 }}>
        <DashboardCard
          id="collections-promises"
          title={own ? say('Tus promesas de pago') : 'Promesas de pago'}
          subheader="Vencidas en el período"
        >
          <Stack direction="row" spacing={2} sx={{ mb: 2 }}>
            <Stat label="Cumplidas" value={count(promises.kept)} testId="promises-kept" />
            <Stat label="Incumplidas" value={count(promises.broken)} testId="promises-broken" />
            <Stat label="Pendientes" value={count(promises.pending)} testId="promises-pending" />
            <Stat label="Cumplimiento" value={resolved ? percent(promises.kept / resolved) : '—'} testId="promises-rate" />
          </Stack>
          {promises.by_collector.length > 0 ? (
            <Box sx={{ height: 220 }}>
              <BarChart
                layout="horizontal"
                dataset={promises.by_collector.map((r) => ({ name: r.collector.name, kept: r.kept, broken: r.broken }))}
                yAxis={[{ scaleType: 'band', dataKey: 'name', width: 140 }]}
                xAxis={[{ min: 0, tickMinStep: 1 }]}
                series={[
                  { dataKey: 'kept', label: 'Cumplidas', stack: 'p', color: theme.palette.success.main },
                  { dataKey: 'broken', label: 'Incumplidas', stack: 'p', color: theme.palette.error.main },
                ]}
                localeText={{ noData: 'Sin datos', loading: 'Cargando…' }}
              />
              <ChartTable
                label="Promesas por cobrador"
                head={['Cobrador', 'Cumplidas', 'Incumplidas']}
                rows={promises.by_collector.map((r) => ({
                  key: String(r.collector.id),
                  cells: [r.collector.name, count(r.kept), count(r.broken)],
                }))}
              />
            </Box>
          ) : (
            <Typography color="text.secondary">Ninguna promesa venció en el período.</Typography>
          )}
        </DashboardCard>
      </Grid>
      <Grid size={12}>
        <DashboardCard
          id="collections-recovered"
          title={own ? say('Lo que recuperaste por día') : 'Recuperado por día'}
          subheader={`${money(recovered.total)} en el período`}
        >
          <Box sx={{ height: 280 }}>
            <LineChart
              dataset={recovered.days}
              xAxis={[
                {
                  scaleType: 'point',
                  dataKey: 'date',
                  valueFormatter: (date: string, context) => (context.location === 'tooltip' ? longDay(date) : shortDay(date)),
                },
              ]}
              yAxis={[{ min: 0, valueFormatter: (v: number) => money(v), width: 96 }]}
              series={[
                {
                  dataKey: 'amount',
                  label: 'Recuperado',
                  color: theme.palette.success.main,
                  curve: 'monotoneX',
                  valueFormatter: (v) => money(v ?? 0),
                },
              ]}
              grid={{ horizontal: true }}
              localeText={{ noData: 'Sin datos', loading: 'Cargando…' }}
            />
          </Box>
          <ChartTable
            label="Recuperado por día"
            head={['Día', 'Recuperado']}
            rows={recovered.days.map((day) => ({ key: day.date, cells: [longDay(day.date), money(day.amount)] }))}
          />
        </DashboardCard>
      </Grid>
    </Grid>
  );
}
