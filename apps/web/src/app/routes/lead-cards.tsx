import { isSellerOrWoAssignation } from '@backoffice/shared';
import { Box, Card, Stack, Typography } from '@mui/material';
import { COUNTRY } from '../../config/env';
import { BoardFilters } from '../../features/lead-cards/components/board-filters';
import { LeadCardsBoard } from '../../features/lead-cards/components/lead-cards-board';
import { useBoardFilters } from '../../features/lead-cards/hooks/use-board-filters';
import { useSession } from '../../lib/session';
import { say } from '../../lib/voice';

/** /lead-cards: the pipeline as a board, one column per step. */
export default function LeadCardsRoute() {
  const session = useSession();
  const { filters, update, reset } = useBoardFilters();
  return (
    <Stack spacing={2}>
      <Box>
        <Typography variant="h4" component="h1">
          Tablero de leads
        </Typography>
        <Typography color="text.secondary">
          {say('Una columna por paso. Arrastra una tarjeta a otra columna o elige «Mover a…» en la tarjeta.')}
        </Typography>
      </Box>
      <Card sx={{ p: 2 }}>
        <BoardFilters
          filters={filters}
          update={update}
          reset={reset}
          sellerFilter={!session || !isSellerOrWoAssignation(COUNTRY, session.role)}
        />
      </Card>
      <LeadCardsBoard roleId={session?.role} filters={filters} />
    </Stack>
  );
}
