import { Box, Typography } from '@mui/material';
import type { ReactNode } from 'react';

/** A labelled value in a detail card (lead, sale); an empty value shows as a dash. */
export function DetailField({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Box>
      <Typography variant="caption" color="text.secondary">
        {label}
      </Typography>
      <Typography component="div">{children || '—'}</Typography>
    </Box>
  );
}
