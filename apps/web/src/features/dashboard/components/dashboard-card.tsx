import { Card, CardContent, CardHeader } from '@mui/material';
import type { ReactNode } from 'react';

/**
 * Present for screen readers, invisible on screen (the text alternative of a chart). Absolutely positioned, so
 * it is placed against its card (DashboardCard is `position: relative`): a table is as tall as its rows
 * whatever its height says, and placed against a far ancestor it stretched the page with blank space below
 * the last card; its card, which clips what overflows it, keeps it within.
 */
export const visuallyHidden = {
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

/** The frame every dashboard block shares: a titled card, labelled for assistive technology. */
export function DashboardCard({
  id,
  title,
  subheader,
  children,
}: {
  id: string;
  title: string;
  subheader?: ReactNode;
  children: ReactNode;
}) {
  return (
    <Card component="section" aria-labelledby={`${id}-title`} data-testid={`block-${id}`} sx={{ height: '100%', position: 'relative' }}>
      <CardHeader
        title={title}
        subheader={subheader}
        slotProps={{ title: { id: `${id}-title`, variant: 'h6', component: 'h2' }, subheader: { variant: 'body2' } }}
      />
      <CardContent sx={{ pt: 0 }}>{children}</CardContent>
    </Card>
  );
}
