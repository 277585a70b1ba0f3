import type { DashboardResponse } from '@backoffice/shared';
import { Box, Grid, Typography, useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { compactMoney, count, money } from '../../../lib/format';
import { DashboardCard, visuallyHidden } from './dashboard-card';
import { longDay, shortDay } from './format';
import { say } from '../../../lib/voice';

type Daily = NonNullable<DashboardResponse['daily']>;
type Measure = 'created' | 'disbursed' | 'requested_amount' | 'disbursed_amount';
interface PanelProps {
  measure: Measure;
  title: string;
  total: string;
  color: string;
  /** Values in the tooltip; `axis` on the axis (money in few characters). */
  format: (value: number) => string;
  axis: (value: number) => string;
}

/** One panel of the small multiples: one magnitude, its own scale, named after it. */
function Panel({ daily, measure, title, total, color, format, axis }: Omit<PanelProps, 'daily'> & { daily: Daily }) {
  const marks = daily.days.length <= 31;
  const values = daily.days.map((day) => day[measure]);
  // An all-zero series would leave its axis without a scale: give it one unit.
  const max = Math.max(0, ...values) === 0 ? 1 : undefined;
  const isMoney = measure.endsWith('amount');
  return (
    <Box data-testid={`daily-${measure}`}>
      <Typography variant="subtitle2" component="h3">
        {title}: <span data-testid="daily-total">{total}</span>
      </Typography>
      <Box sx={{ height: 180 }}>
        <LineChart
          dataset={daily.days}
          xAxis={[
            {
              scaleType: 'point',
              dataKey: 'date',
              valueFormatter: (date: string, context) => (context.location === 'tooltip' ? longDay(date) : shortDay(date)),
            },
          ]}
          yAxis={[
            { min: 0, max, tickMinStep: isMoney ? undefined : 1, valueFormatter: (value: number) => axis(value), width: isMoney ? 72 : 48 },
          ]}
          series={[{ dataKey: measure, label: title, color, curve: 'monotoneX', showMark: marks, valueFormatter: (v) => format(v ?? 0) }]}
          grid={{ horizontal: true }}
          hideLegend
          margin={{ top: 8, bottom: 0, left: 0, right: 8 }}
          localeText={{ noData: 'Sin datos', loading: 'Cargando…' }}
        />
      </Box>
    </Box>
  );
}

/**
 * Applications created and disbursed per day, and their money, as small multiples: one panel per magnitude,
 * each on its own scale. Counts and money never share an axis, nor do creations and disbursements (a twin
 * axis made one disbursement look as high as a hundred creations); each panel's title says what it counts.
 */
export function DailyChart({ daily, own }: { daily: Daily; own: boolean }) {
  const theme = useTheme();
  const title = own ? say('Tus solicitudes creadas y desembolsadas por día') : 'Solicitudes creadas y desembolsadas por día';
  const subheader = `${count(daily.created_total)} creadas por ${money(daily.requested_amount_total)} · ${count(daily.disbursed_total)} desembolsadas por ${money(daily.disbursed_amount_total)}`;
  if (daily.created_total === 0 && daily.disbursed_total === 0) {
    return (
      <DashboardCard id="daily" title={title} subheader={subheader}>
        <Typography color="text.secondary">Ninguna solicitud creada ni desembolsada en el período.</Typography>
      </DashboardCard>
    );
  }
  const panels: PanelProps[] = [
    {
      measure: 'created',
      title: 'Creadas',
      total: count(daily.created_total),
      color: theme.palette.primary.main,
      format: count,
      axis: count,
    },
    {
      measure: 'disbursed',
      title: 'Desembolsadas',
      total: count(daily.disbursed_total),
      color: theme.palette.success.main,
      format: count,
      axis: count,
    },
    {
      measure: 'requested_amount',
      title: 'Monto solicitado',
      total: money(daily.requested_amount_total),
      color: theme.palette.info.main,
      format: money,
      axis: compactMoney,
    },
    {
      measure: 'disbursed_amount',
      title: 'Monto desembolsado',
      total: money(daily.disbursed_amount_total),
      color: theme.palette.success.dark,
      format: money,
      axis: compactMoney,
    },
  ];
  return (
    <DashboardCard id="daily" title={title} subheader={subheader}>
      <Grid container spacing={2}>
        {panels.map((panel) => (
          <Grid key={panel.measure} size={{ xs: 12, md: 6 }}>
            <Panel daily={daily} {...panel} />
          </Grid>
        ))}
      </Grid>
      <Box component="table" sx={visuallyHidden} aria-label="Solicitudes por día">
        <thead>
          <tr>
            <th scope="col">Día</th>
            <th scope="col">Creadas</th>
            <th scope="col">Desembolsadas</th>
            <th scope="col">Monto solicitado</th>
            <th scope="col">Monto desembolsado</th>
          </tr>
        </thead>
        <tbody>
          {daily.days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{longDay(day.date)}</th>
              <td>{count(day.created)}</td>
              <td>{count(day.disbursed)}</td>
              <td>{money(day.requested_amount)}</td>
              <td>{money(day.disbursed_amount)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </DashboardCard>
  );
}
