import { Box, Typography } from '@mui/material';
import { Fragment, type ReactNode } from 'react';

/** A labelled value in a detail card (lead, sale); an empty value shows as a dash. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      {/* A long email or address wraps inside its column instead of running under the next one. */}
      <Typography component="div" sx={{ overflowWrap: 'anywhere' }}>
        {children || '—'}
      </Typography>
    </Box>
  );
}

/** An email or similar token that may wrap after its '@', dots, underscores and hyphens rather than mid-word. */
export function Breakable({ text }: { text: string }) {
  return text.split(/(?<=[@._-])/).map((part, i) => (
    <Fragment key={i}>
      {i > 0 && <wbr />}
      {part}
    </Fragment>
  ));
}
