import type { DebtFreeRow } from '@backoffice/shared';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { IconFileCertificate } from '@tabler/icons-react';
import { useNotify } from '../../../components/notifications';
import { dateTime } from '../../../lib/format';
import { useCreateDebtFree } from '../api/debt-free-mutations';
import { useDebtFreeRows } from '../api/get-debt-frees';
import { DebtFreeActions, ProcessedChip } from './debt-free-actions';

/** The lead detail's debt-free card: the customer's requests (decide, download the PDF) and a new one. */
export function LeadDebtFreePanel({ leadId, customerId }: { leadId: number; customerId: number }) {
  const list = useDebtFreeRows(new URLSearchParams({ customer: String(customerId), pageSize: '10' }).toString());
  const create = useCreateDebtFree();
  const notify = useNotify();
  const rows: DebtFreeRow[] = list.data?.rows ?? [];
  return (
    <Card data-testid="lead-debt-free">
      <CardContent>
        <Stack spacing={1.5}>
          <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <IconFileCertificate size={20} />
            <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
              Libre deuda
            </Typography>
            <Button
              size="small"
              variant="outlined"
              disabled={create.isPending}
              onClick={() =>
                create.mutate(
                  { lead_id: leadId },
                  {
                    onSuccess: () => notify({ message: 'Libre deuda solicitado', color: 'success' }),
                    onError: (error) => notify({ message: error.message, color: 'error', timeout: null }),
                  },
                )
              }
            >
              Solicitar libre deuda
            </Button>
          </Box>
          {list.error && <Typography color="error">{list.error.message}</Typography>}
          {rows.length === 0 && !list.isPending && <Typography color="text.secondary">Sin solicitudes de libre deuda.</Typography>}
          {rows.map((row) => (
            <Box
              key={row.id}
              sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}
              data-testid={`lead-debt-free-${row.id}`}
            >
              <Typography variant="body2" sx={{ minWidth: 120 }}>
                {dateTime(row.created_at)}
              </Typography>
              <ProcessedChip processed={row.processed} />
              <Box sx={{ flexGrow: 1 }} />
              <DebtFreeActions row={row} />
            </Box>
          ))}
        </Stack>
      </CardContent>
    </Card>
  );
}
