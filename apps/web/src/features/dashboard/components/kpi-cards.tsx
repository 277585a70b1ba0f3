import type { DashboardResponse } from '@backoffice/shared';
import { Avatar, Box, Card, CardContent, Grid, Typography } from '@mui/material';
import { IconCash, IconClipboardCheck, IconFilePlus, type Icon } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { count, money } from '../../../lib/format';
import { Delta } from './delta';
import { age } from './format';
import { say } from '../../../lib/voice';

interface Kpi {
  id: string;
  label: string;
  value: string;
  detail: ReactNode;
  /** The money of the same applications, beside their count. */
  amount?: { label: string; value: string; detail: ReactNode };
  icon: Icon;
  color: 'primary' | 'success' | 'info' | 'warning';
}

/** The headline numbers of the blocks the role sees, one card each (the conversion has its own card). */
export function KpiCards({ data }: { data: DashboardResponse }) {
  const own = data.scope === 'own';
  const kpis: Kpi[] = [];
  if (data.daily) {
    // Each count with its money beside it, both against the period of equal length just before.
    const { previous } = data.daily;
    kpis.push({
      id: 'created',
      label: own ? say('Tus solicitudes creadas') : 'Solicitudes creadas',
      value: count(data.daily.created_total),
      detail: <Delta now={data.daily.created_total} before={previous.created_total} testId="kpi-delta" />,
      amount: {
        label: 'solicitados',
        value: money(data.daily.requested_amount_total),
        detail: <Delta now={data.daily.requested_amount_total} before={previous.requested_amount_total} testId="kpi-amount-delta" />,
      },
      icon: IconFilePlus,
      color: 'primary',
    });
    kpis.push({
      id: 'disbursed',
      label: 'Desembolsadas',
      value: count(data.daily.disbursed_total),
      detail: <Delta now={data.daily.disbursed_total} before={previous.disbursed_total} testId="kpi-delta" />,
      amount: {
        label: 'desembolsados',
        value: money(data.daily.disbursed_amount_total),
        detail: <Delta now={data.daily.disbursed_amount_total} before={previous.disbursed_amount_total} testId="kpi-amount-delta" />,
      },
      icon: IconCash,
      color: 'success',
    });
  }
  // The conversion is not repeated here: its own card (ConversionCard, a gauge) shows it once.
  if (data.audit_queue) {
    kpis.push({
      id: 'audit',
      label: 'Cola de auditoría',
      value: count(data.audit_queue.size),
      detail: `la más antigua espera ${age(data.audit_queue.oldest_hours)}`,
      icon: IconClipboardCheck,
      color: 'warning',
    });
  }
  return (
    <Grid container spacing={2}>
      {kpis.map(({ id, label, value, detail, amount, icon: Icon, color }) => (
        <Grid key={id} size={{ xs: 12, sm: 6, lg: Math.max(3, 12 / kpis.length) }}>
          <Card sx={{ height: '100%' }} data-testid={`kpi-${id}`}>
            <CardContent sx={{ display: 'flex', alignItems: 'center', gap: 2 }}>
              <Avatar variant="rounded" sx={{ bgcolor: `${color}.main`, color: `${color}.contrastText`, width: 48, height: 48 }}>
                <Icon size={26} stroke={1.6} />
              </Avatar>
              <Box sx={{ minWidth: 0 }}>
                <Typography variant="body2" color="text.secondary">
                  {label}
                </Typography>
                <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid="kpi-value">
                  {value}
                </Typography>
                <Typography variant="caption" color="text.secondary" component="div">
                  {detail}
                </Typography>
                {amount && (
                  <Box sx={{ mt: 0.5 }}>
                    <Typography component="p" sx={{ fontWeight: 600 }}>
                      <span data-testid="kpi-amount">{amount.value}</span>{' '}
                      <Typography component="span" variant="body2" color="text.secondary">
                        {amount.label}
                      </Typography>
                    </Typography>
                    <Typography variant="caption" color="text.secondary" component="div">
                      {amount.detail}
                    </Typography>
                  </Box>
                )}
              </Box>
            </CardContent>
          </Card>
        </Grid>
      ))}
    </Grid>
  );
}
