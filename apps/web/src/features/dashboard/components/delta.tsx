import { Box, Typography } from '@mui/material';
import { IconArrowDownRight, IconArrowRight, IconArrowUpRight } from '@tabler/icons-react';
import { change } from './format';

const ARROWS = {
  up: { Icon: IconArrowUpRight, label: 'Sube', color: 'success.main' },
  down: { Icon: IconArrowDownRight, label: 'Baja', color: 'error.main' },
  same: { Icon: IconArrowRight, label: 'Sin cambio', color: 'text.secondary' },
} as const;

/**
 * A figure against the previous period of equal length: an arrow (named for screen readers: 'Sube', 'Baja')
 * and the change in words. The words stay in the secondary text colour: the arrow's colour only repeats them.
 */
export function Delta({ now, before, points = false, testId }: { now: number; before: number; points?: boolean; testId?: string }) {
  const { direction, text } = change(now, before, points);
  const { Icon, label, color } = ARROWS[direction];
  return (
    <Box component="span" sx={{ display: 'inline-flex', alignItems: 'center', gap: 0.5 }} data-testid={testId} data-direction={direction}>
      <Box component="span" role="img" aria-label={label} sx={{ display: 'inline-flex', color }}>
        <Icon size={16} stroke={2} aria-hidden />
      </Box>
      <Typography variant="caption" color="text.secondary" component="span">
        {text}
      </Typography>
    </Box>
  );
}
