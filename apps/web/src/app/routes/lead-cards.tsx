import { Box, Stack, Typography } from '@mui/material';
import { LeadCardsBoard } from '../../features/lead-cards/components/lead-cards-board';
import { useSession } from '../../lib/session';

/** /lead-cards: the pipeline as a board, one column per step. */
export default function LeadCardsRoute() {
  const session = useSession();
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h4" component="h1">
          Tablero de leads
        </Typography>
        <Typography color="text.secondary">
          Una columna por paso. Arrastra una tarjeta a otra columna o usa «Mover a…» en la tarjeta.
        </Typography>
      </Box>
      <LeadCardsBoard roleId={session?.role} />
    </Stack>
  );
}
