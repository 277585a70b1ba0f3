import { DASHBOARD_DEFAULT_DAYS, DASHBOARD_MAX_DAYS, addDays, daysBetween, todayIn, type DashboardQuery } from '@backoffice/shared';
import { Box, ToggleButton, ToggleButtonGroup } from '@mui/material';
import { DateField } from '../../../components/date-fields';
import { COUNTRY } from '../../../config/env';

const PRESETS = [7, DASHBOARD_DEFAULT_DAYS, 90] as const;

/**
 * The period: quick presets (the last 7, 30 or 90 days, today included) or two dates up to today. A date
 * chosen at one end moves the other as little as keeps the period valid (the end not before the start, at
 * most DASHBOARD_MAX_DAYS): with each end bound by the other, a period months back took several alternate
 * steps. `range` is the one the server answered (defaults applied), or the URL's when `invalid` (a hand-edited
 * link: no preset is lit); the default period keeps the URL clean.
 */
export function RangeSelector({
  range,
  invalid = false,
  onChange,
}: {
  range: { from: string; to: string };
  invalid?: boolean;
  onChange: (query: DashboardQuery) => void;
}) {
  const today = todayIn(COUNTRY);
  const preset = invalid ? undefined : PRESETS.find((days) => range.to === today && range.from === addDays(today, -(days - 1)));
  const choose = (days: number) => onChange(days === DASHBOARD_DEFAULT_DAYS ? {} : { from: addDays(today, -(days - 1)), to: today });
  const tooLong = (from: string, to: string) => daysBetween(from, to) > DASHBOARD_MAX_DAYS;
  const chooseFrom = (from: string) =>
    onChange({ from, to: from > range.to ? from : tooLong(from, range.to) ? addDays(from, DASHBOARD_MAX_DAYS - 1) : range.to });
  const chooseTo = (to: string) =>
    onChange({ from: range.from > to ? to : tooLong(range.from, to) ? addDays(to, -(DASHBOARD_MAX_DAYS - 1)) : range.from, to });
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
        max={today}
        required
        reportWhenChosen
        onChange={(from) => from && chooseFrom(from)}
      />
      <DateField size="small" label="Hasta" value={range.to} max={today} required reportWhenChosen onChange={(to) => to && chooseTo(to)} />
    </Box>
  );
}
