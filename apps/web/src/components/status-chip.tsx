import type { StatusColor } from '@backoffice/shared';
import { Chip } from '@mui/material';
import {
  IconAlertTriangle,
  IconCircleCheck,
  IconCircleDot,
  IconCircleMinus,
  IconCircleX,
  IconClock,
  IconProgress,
  type Icon,
} from '@tabler/icons-react';

/** The catalogue names its icons (shared STATUSES); these are the Tabler components behind the names. */
const ICONS: Record<string, Icon> = {
  'alert-triangle': IconAlertTriangle,
  'circle-check': IconCircleCheck,
  'circle-dot': IconCircleDot,
  'circle-minus': IconCircleMinus,
  'circle-x': IconCircleX,
  clock: IconClock,
  progress: IconProgress,
};

export interface StatusChipProps {
  name: string;
  color: StatusColor | string;
  icon: string;
  label?: string;
  size?: 'small' | 'medium';
}

export function StatusChip({ name, color, icon, label, size = 'small' }: StatusChipProps) {
  const StatusIcon = ICONS[icon] ?? IconCircleDot;
  return (
    <Chip
      size={size}
      variant="outlined"
      color={color as StatusColor}
      icon={<StatusIcon size={16} />}
      label={label ?? name}
      data-status={name}
      sx={{ fontWeight: 500 }}
    />
  );
}
