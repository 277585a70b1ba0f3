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
import { widestTextWidth, widestTwoLineWidth } from '../lib/text-width';
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
  /**
   * A label wider than the room it has wraps onto two lines at an underscore, hyphen or space
   * ('PENDING_CUSTOMER_' / 'APPROVAL') instead of being cut short: for grid cells (smallStatusChipWidths).
   */
  wrap?: boolean;
}

/** A wrapped small chip's lines: two of them still fit the compact rows of a grid (36 px). */
const WRAPPED = {
  height: 'auto',
  minHeight: 24,
  '& .MuiChip-label': { whiteSpace: 'normal', lineHeight: 1.15, py: '2px' },
} as const;

export function StatusChip({ name, color, icon, label, size = 'small', wrap = false }: StatusChipProps) {
  const StatusIcon = ICONS[icon] ?? IconCircleDot;
  const text = label ?? name;
  return (
    <Chip
      size={size}
      variant="outlined"
      color={color as StatusColor}
      icon={<StatusIcon size={16} />}
      label={wrap ? <BreakableText text={text} /> : text}
      data-status={name}
      // The code (VALIDATE_DOCS) stays at hand for whoever talks to the API or reads an export.
      title={name}
      sx={wrap ? { fontWeight: 500, ...WRAPPED } : { fontWeight: 500 }}
    />
  );
}

/**
 * `text` with a line break allowed after each underscore and hyphen (a browser breaks at spaces by itself);
 * it reads the same, to the eye and to a screen reader.
 */
export function BreakableText({ text }: { text: string }) {
  return text.split(/(?<=[_-])/).flatMap((piece, index) => (index === 0 ? [piece] : [<wbr key={index} />, piece]));
}

const CHIP_FONT = `500 13px ${FONT_FAMILY}`;
/**
 * MUI's small outlined chip writes its label in 13 px (weight 500 here) and adds 30 px around it (1 px
 * borders, the 16 px icon with its 2 px and -4 px margins, 7 px paddings); and 2 px of air.
 */
const CHIP_EXTRA = 32;

/**
 * The room the small chips of these labels need (in a grid cell, the labels of the page's rows): `oneLine`,
 * for every label on one line; `wrapped`, the least, for the chips that wrap (`wrap`) onto two lines at most.
 */
export function smallStatusChipWidths(labels: readonly string[]): { wrapped: number; oneLine: number } {
  return { wrapped: widestTwoLineWidth(labels, CHIP_FONT) + CHIP_EXTRA, oneLine: widestTextWidth(labels, CHIP_FONT) + CHIP_EXTRA };
}
