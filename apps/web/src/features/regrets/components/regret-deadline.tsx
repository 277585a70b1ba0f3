import { todayIn, daysBetween } from '@backoffice/shared';
import { Chip, Stack, Typography } from '@mui/material';
import { COUNTRY } from '../../../config/env';
import { calendarDate } from '../../../lib/format';

/** Days left to the legal deadline (0 on its last day), negative once it has passed. */
export function daysLeft(deadline: string, today = todayIn(COUNTRY)): number {
  return deadline >= today ? daysBetween(today, deadline) - 1 : -(daysBetween(deadline, today) - 1);
}

/** The legal deadline with the time left, flagged once past (or on its last days). */
export function RegretDeadline({ deadline, rule }: { deadline: string; rule: string }) {
  const left = daysLeft(deadline);
  const label = left < 0 ? 'Vencido' : left === 0 ? 'Vence hoy' : `${left} ${left === 1 ? 'día' : 'días'}`;
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', height: '100%' }}>
      <Typography variant="body2" title={rule === 'business' ? 'Días hábiles' : 'Días corridos'}>
        {calendarDate(deadline)}
      </Typography>
      <Chip
        size="small"
        label={label}
        color={left < 0 ? 'error' : left <= 2 ? 'warning' : 'default'}
        variant={left < 0 ? 'filled' : 'outlined'}
        data-testid="regret-time-left"
      />
    </Stack>
  );
}
