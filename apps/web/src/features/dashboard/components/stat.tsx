import { Box, Typography } from '@mui/material';

/** One number of a dashboard card with its label above it (the cards lay several side by side). */
export function Stat({ label, value, testId }: { label: string; value: string; testId: string }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Typography variant="body2" color="text.secondary">
        {label}
      </Typography>
      <Typography variant="h5" component="p" sx={{ fontWeight: 700 }} data-testid={testId}>
        {value}
      </Typography>
    </Box>
  );
}
