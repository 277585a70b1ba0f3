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
import { textWidth } from '../lib/text-width';
import { FONT_FAMILY } from '../lib/theme';

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

/**
 * The width of the widest of these labels' small chips: MUI's small outlined chip writes its label in 13 px
 * (weight 500 here) and adds 30 px around it (1 px borders, the 16 px icon with its 2 px and -4 px margins,
 * 7 px paddings).
 */
export function smallStatusChipWidth(labels: string[]): number {
  return Math.max(0, ...labels.map((label) => textWidth(label, `500 13px ${FONT_FAMILY}`))) + 30;
}
