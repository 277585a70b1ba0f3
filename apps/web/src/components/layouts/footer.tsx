import { Box, Typography } from '@mui/material';

export function Footer({ country, buildId }: { country: string; buildId: string }) {
  return (
    // The end padding keeps the version clear of the "Volver arriba" button (40 px, 24 px from the edge).
    <Box
      component="footer"
      sx={{ px: 3, paddingInlineEnd: 10, py: 2, display: 'flex', justifyContent: 'space-between', flexWrap: 'wrap', gap: 1 }}
    >
      <Typography variant="body2" color="text.secondary">
        © {new Date().getFullYear()} Back-office de préstamos · {country.toUpperCase()}
      </Typography>
      <Typography variant="body2" color="text.disabled">
        Versión {buildId}
      </Typography>
    </Box>
  );
}
