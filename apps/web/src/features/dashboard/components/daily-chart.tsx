import type { DashboardResponse } from '@backoffice/shared';
import { Box, Typography, useTheme } from '@mui/material';
import { LineChart } from '@mui/x-charts/LineChart';
import { count } from '../../../lib/format';
import { DashboardCard, visuallyHidden } from './dashboard-card';
import { longDay, shortDay } from './format';

type Daily = NonNullable<DashboardResponse['daily']>;

/**
 * Applications created and disbursed per day. Disbursements are a small fraction of creations, so they
 * get their own axis (right) instead of a flat line along the bottom of the creations' scale; each axis is
 * named after its series, or one disbursement would read as high as twenty creations.
 */
export function DailyChart({ daily, own }: { daily: Daily; own: boolean }) {
  const theme = useTheme();
  const marks = daily.days.length <= 31;
  // An all-zero series would leave its axis without a scale: give it one unit.
  const axisMax = (values: number[]) => (Math.max(0, ...values) === 0 ? 1 : undefined);
  const title = own ? 'Tus solicitudes creadas y desembolsadas por día' : 'Solicitudes creadas y desembolsadas por día';
  const subheader = `${count(daily.created_total)} creadas · ${count(daily.disbursed_total)} desembolsadas`;
  if (daily.created_total === 0 && daily.disbursed_total === 0) {
    return (
      <DashboardCard id="daily" title={title} subheader={subheader}>
        <Typography color="text.secondary">Ninguna solicitud creada ni desembolsada en el período.</Typography>
      </DashboardCard>
    );
  }
  return (
    <DashboardCard id="daily" title={title} subheader={subheader}>
      <Box sx={{ height: 320 }}>
        <LineChart
          dataset={daily.days}
          xAxis={[{ scaleType: 'point', dataKey: 'date', valueFormatter: (date: string, context) => (context.location === 'tooltip' ? longDay(date) : shortDay(date)) }]}
          yAxis={[
            { id: 'created', label: 'Creadas', min: 0, max: axisMax(daily.days.map((d) => d.created)), tickMinStep: 1, valueFormatter: (value: number) => count(value), width: 76 },
            { id: 'disbursed', label: 'Desembolsadas', position: 'right', min: 0, max: axisMax(daily.days.map((d) => d.disbursed)), tickMinStep: 1, valueFormatter: (value: number) => count(value), width: 68 },
          ]}
          series={[
            { dataKey: 'created', label: 'Creadas', yAxisId: 'created', color: theme.palette.primary.main, curve: 'monotoneX', showMark: marks, valueFormatter: (v) => count(v ?? 0) },
            { dataKey: 'disbursed', label: 'Desembolsadas', yAxisId: 'disbursed', color: theme.palette.success.main, curve: 'monotoneX', showMark: marks, valueFormatter: (v) => count(v ?? 0) },
          ]}
          grid={{ horizontal: true }}
          localeText={{ noData: 'Sin datos', loading: 'Cargando…' }}
        />
      </Box>
      <Box component="table" sx={visuallyHidden} aria-label="Solicitudes por día">
        <thead>
          <tr>
            <th scope="col">Día</th>
            <th scope="col">Creadas</th>
            <th scope="col">Desembolsadas</th>
          </tr>
        </thead>
        <tbody>
          {daily.days.map((day) => (
            <tr key={day.date}>
              <th scope="row">{longDay(day.date)}</th>
              <td>{count(day.created)}</td>
              <td>{count(day.disbursed)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </DashboardCard>
  );
}
