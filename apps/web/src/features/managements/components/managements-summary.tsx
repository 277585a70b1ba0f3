import { managementResultLabel, type ManagementSummary } from '@backoffice/shared';
import { Box, Card, CardContent, CardHeader, Grid, Stack, Typography } from '@mui/material';
import { BarChart } from '@mui/x-charts/BarChart';
import type { ReactNode } from 'react';
import { calendarDate, count } from '../../../lib/format';

/** Present for screen readers (and the browser tests), invisible on screen: the numbers each chart draws. */
const visuallyHidden = {
  border: 0,
  clip: 'rect(0 0 0 0)',
  height: '1px',
  margin: '-1px',
  overflow: 'hidden',
  padding: 0,
  position: 'absolute',
  whiteSpace: 'nowrap',
  width: '1px',
} as const;

function SummaryCard({ id, title, subheader, children }: { id: string; title: string; subheader?: ReactNode; children: ReactNode }) {
  return (
    <Card component="section" aria-labelledby={`${id}-title`} data-testid={`summary-${id}`} sx={{ height: '100%', position: 'relative' }}>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { id: `${id}-title`, variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
      />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}

/** The users of the summary in order of their managements, most first. */
function usersOf(summary: ManagementSummary) {
  const totals = new Map<string, { id: number | null; name: string; total: number }>();
  for (const h of summary.by_hour) {
    const key = String(h.user_id);
    const user = totals.get(key) ?? { id: h.user_id, name: h.user_name, total: 0 };
    user.total += h.count;
    totals.set(key, user);
  }
  return [...totals.values()].sort((a, b) => b.total - a.total || a.name.localeCompare(b.name));
}

/**
 * A team lead's view of the range above the list: managements per user per hour (who is working, when),
 * results per user (what it yields), and contacts made against the next actions due.
 */
export function ManagementsSummary({ summary }: { summary: ManagementSummary }) {
  const users = usersOf(summary);
  const period = summary.from === summary.to ? calendarDate(summary.from) : `${calendarDate(summary.from)} – ${calendarDate(summary.to)}`;
  const hours =
    summary.by_hour.length === 0
      ? []
      : Array.from({ length: 24 }, (_, h) => h).filter(
          (h) => h >= Math.min(...summary.by_hour.map((x) => x.hour)) && h <= Math.max(...summary.by_hour.map((x) => x.hour)),
        );
  const byHour = hours.map((hour) =>
    Object.fromEntries([
      ['hour', `${String(hour).padStart(2, '0')} h`],
      ...users.map((u) => [`u${u.id}`, summary.by_hour.find((x) => x.user_id === u.id && x.hour === hour)?.count ?? 0]),
    ]),
  );
  const results = [...new Set(summary.by_result.map((r) => r.result))];
  const byUser = users.map((u) =>
    Object.fromEntries([
      ['user', u.name],
      ...results.map((r, i) => [`r${i}`, summary.by_result.find((x) => x.user_id === u.id && x.result === r)?.count ?? 0]),
    ]),
  );
  const pending = summary.next_actions_due - summary.next_actions_done;
  return (
    <Grid container spacing={2} data-testid="managements-summary">
      <Grid size={{ xs: 12 }}>
        <Stack direction="row" spacing={4} sx={{ flexWrap: 'wrap' }} aria-label="Contactos y próximas acciones">
          <Kpi label="Contactos realizados" value={summary.contacts} testId="kpi-contacts" />
          <Kpi label="Próximas acciones del período" value={summary.next_actions_due} testId="kpi-due" />
          <Kpi label="Atendidas" value={summary.next_actions_done} testId="kpi-done" />
          <Kpi label="Sin atender" value={pending} testId="kpi-pending" />
          <Typography variant="body2" color="text.secondary" sx={{ alignSelf: 'center' }}>
            {period}
          </Typography>
        </Stack>
      </Grid>
      <Grid size={{ xs: 12, lg: 7 }}>
        <SummaryCard
          id="by-hour"
          title="Gestiones por usuario y hora"
          subheader={`${count(summary.contacts)} gestiones de ${count(users.length)} usuarios`}
        >
          {users.length === 0 ? (
            <Typography color="text.secondary">Ninguna gestión en el período.</Typography>
          ) : (
            <Box sx={{ height: 300 }}>
              <BarChart
                dataset={byHour}
                xAxis={[{ scaleType: 'band', dataKey: 'hour' }]}
                yAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => count(v), width: 48 }]}
                series={users.map((u) => ({ dataKey: `u${u.id}`, label: u.name, stack: 'users', valueFormatter: (v) => count(v ?? 0) }))}
                grid={{ horizontal: true }}
                localeText={{ noData: 'Sin datos', loading: 'Cargando…' }}
              />
            </Box>
          )}
          <Box component="table" sx={visuallyHidden} aria-label="Gestiones por usuario">
            <tbody>
              {users.map((u) => (
                <tr key={String(u.id)}>
                  <th scope="row">{u.name}</th>
                  <td>{u.total}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </SummaryCard>
      </Grid>
      <Grid size={{ xs: 12, lg: 5 }}>
        <SummaryCard id="by-result" title="Resultados por usuario">
          {users.length === 0 ? (
            <Typography color="text.secondary">Ninguna gestión en el período.</Typography>
          ) : (
            <Box sx={{ height: Math.max(200, users.length * 36 + 120) }}>
              <BarChart
                layout="horizontal"
                dataset={byUser}
                yAxis={[{ scaleType: 'band', dataKey: 'user', width: 140 }]}
                xAxis={[{ tickMinStep: 1, valueFormatter: (v: number) => count(v) }]}
                series={results.map((r, i) => ({
                  dataKey: `r${i}`,
                  label: managementResultLabel(r),
                  stack: 'results',
                  valueFormatter: (v) => count(v ?? 0),
                }))}
                grid={{ vertical: true }}
                localeText={{ noData: 'Sin datos', loading: 'Cargando…' }}
              />
            </Box>
          )}
          <Box component="table" sx={visuallyHidden} aria-label="Resultados por usuario">
            <tbody>
              {summary.by_result.map((r) => (
                <tr key={`${r.user_id}-${r.result}`}>
                  <th scope="row">{r.user_name}</th>
                  <td>{managementResultLabel(r.result)}</td>
                  <td>{r.count}</td>
                </tr>
              ))}
            </tbody>
          </Box>
        </SummaryCard>
      </Grid>
    </Grid>
  );
}

function Kpi({ label, value, testId }: { label: string; value: number; testId: string }) {
  return (
    <Box data-testid={testId}>
      <Typography variant="h5" component="p">
        {count(value)}
      </Typography>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
    </Box>
  );
}
