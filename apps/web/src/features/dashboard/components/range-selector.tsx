import { DASHBOARD_DEFAULT_DAYS, addDays, todayIn, type DashboardQuery } from '@backoffice/shared';
import { Box, TextField, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { COUNTRY } from '../../../config/env';

const PRESETS = [7, DASHBOARD_DEFAULT_DAYS, 90] as const;

/**
 * The period: quick presets (the last 7, 30 or 90 days, today included) or two dates. `range` is the one
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
      <TextField
        size="small"
        type="date"
        label="Desde"
        value={range.from}
        onChange={(event) => event.target.value && onChange({ from: event.target.value, to: range.to })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { max: range.to } }}
      />
      <TextField
        size="small"
        type="date"
        label="Hasta"
        value={range.to}
        onChange={(event) => event.target.value && onChange({ from: range.from, to: event.target.value })}
        slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: range.from } }}
      />
    </Box>
  );
}
