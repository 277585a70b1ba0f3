import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS, addDays, earlierDay, todayIn, type DashboardQuery } from '@backoffice/shared';
import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { DateField } from '../../../components/date-fields';
import { COUNTRY } from '../../../config/env';

const PRESETS = [7, DASHBOARD_DEFAULT_DAYS, 90] as const;

/**
 * The period: quick presets (the last 7, 30 or 90 days, today included) or two dates, which the calendar
 * keeps within DASHBOARD_MAX_DAYS of each other and the end no later than today. `range` is the one
 * the server answered (defaults applied), `query` what the URL asks; the default period keeps the URL clean.
 */
export function RangeSelector({ range, onChange }: { range: { from: string; to: string }; onChange: (query: DashboardQuery) => void }) {
  const today = todayIn(COUNTRY);
  const preset = PRESETS.find((days) => range.to === today && range.from === addDays(today, -(days - 1)));
  const choose = (days: number) =>
    onChange(days === DASHBOARD_DEFAULT_DAYS ? {} : { from: addDays(today, -(days - 1)), to: today });
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, flexWrap: 'wrap' }}>
      <ToggleButtonGroup
        size="small"
        exclusive
        value={preset ?? null}
        onChange={(_event, days: number | null) => days && choose(days)}
        aria-label="Período"
      >
        {PRESETS.map((days) => (
          <ToggleButton key={days} value={days}>
            {days} días
          </ToggleButton>
        ))}
      </ToggleButtonGroup>
      <DateField
        size="small"
        label="Desde"
        value={range.from}
        min={addDays(range.to, -(DASHBOARD_MAX_DAYS - 1))}
        max={range.to}
        required
        reportWhenChosen
        onChange={(from) => from && onChange({ from, to: range.to })}
      />
      <DateField
        size="small"
        label="Hasta"
        value={range.to}
        min={range.from}
        max={earlierDay(today, addDays(range.from, DASHBOARD_MAX_DAYS - 1))}
        required
        reportWhenChosen
        onChange={(to) => to && onChange({ from: range.from, to })}
      />
    </Box>
  );
}
