import type { FunnelStep } from '@backoffice/shared';
import { Box, Link as MuiLink, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import { Link, useNavigate } from 'react-router';
import { count } from '../../../lib/format';
import { DashboardCard, visuallyHidden } from './dashboard-card';
import { funnelStepPath, type FunnelList } from './funnel-list';
import { say } from '../../../lib/voice';

const ROW_HEIGHT = 34;

/** The steps' table, no longer hidden (a keyboard user is on one of its links). */
const shownTable = {
  position: 'static',
  width: 'auto',
  height: 'auto',
  margin: 0,
  clip: 'auto',
  overflow: 'visible',
  whiteSpace: 'normal',
} as const;

/**
 * Current leads by step, one horizontal bar per step in pipeline order. With `list` (the list the role opens
 * a step in: funnelListOf) clicking a row opens that list filtered by the step.
 */
export function FunnelChart({ steps, own, list }: { steps: FunnelStep[]; own: boolean; list: FunnelList | null }) {
  const navigate = useNavigate();
  const linkable = list !== null;
  const total = steps.reduce((sum, step) => sum + step.count, 0);
  const title = own ? say('Tus leads por paso') : 'Embudo por paso';
  // No bars to draw (a seller with nothing assigned): say so instead of a column of zeros.
  if (total === 0) {
    return (
      <DashboardCard id="funnel" title={title} subheader="0 leads hoy en algún paso">
        <Typography color="text.secondary">{own ? say('No tienes leads en ningún paso.') : 'No hay leads en ningún paso.'}</Typography>
      </DashboardCard>
    );
  }
  return (
    <DashboardCard
      id="funnel"
      title={title}
      subheader={`${count(total)} leads hoy en algún paso${linkable ? say(' · haz clic en una barra para verlos') : ''}`}
    >
      <Box sx={{ height: steps.length * ROW_HEIGHT + 40, cursor: linkable ? 'pointer' : undefined }}>
        <BarChart
          layout="horizontal"
          dataset={steps}
          yAxis={[{ scaleType: 'band', dataKey: 'label', width: 150 }]}
          // Room past the longest bar for its label; counts have whole ticks.
          xAxis={[
            {
              valueFormatter: (value: number) => count(value),
              tickMinStep: 1,
              domainLimit: (_min, max) => ({ min: 0, max: Math.max(1, Math.ceil(Number(max) * 1.25)) }),
            },
          ]}
          series={[
            {
              dataKey: 'count',
              label: 'Leads',
              valueFormatter: (value) => count(value ?? 0),
              barLabel: (item) => count(item.value ?? 0),
              barLabelPlacement: 'outside',
              minBarSize: 2,
            },
          ]}
          hideLegend
          grid={{ vertical: true }}
          margin={{ right: 56 }}
          localeText={{ noData: 'Sin datos', loading: 'Cargando…' }}
          onAxisClick={
            list
              ? (_event, axis) => {
                  const step = axis && steps[axis.dataIndex];
                  if (step) void navigate(funnelStepPath(list, step.step_id));
                }
              : undefined
          }
        />
      </Box>
      {/*
        The numbers as text, for screen readers (the chart is a picture of them); with `linkable` each step is a
        link, the keyboard's way to what a click on a bar opens: the table shows while one has the focus.
      */}
      <Box component="table" sx={{ ...visuallyHidden, '&:focus-within': shownTable }} aria-label="Leads por paso">
        <tbody>
          {steps.map((step) => (
            <tr key={step.step_id}>
              <th scope="row" style={{ textAlign: 'start', paddingInlineEnd: 16 }}>
                {list ? (
                  <MuiLink component={Link} to={funnelStepPath(list, step.step_id)}>
                    {step.label}
                  </MuiLink>
                ) : (
                  step.label
                )}
              </th>
              <td>{count(step.count)}</td>
            </tr>
          ))}
        </tbody>
      </Box>
    </DashboardCard>
  );
}
