import { STATUSES } from '@backoffice/shared';
import {
  Alert,
  Box,
  Button,
  Card,
  CardContent,
  CardHeader,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { useNotify } from '../../../components/notifications';
import { StatusChip } from '../../../components/status-chip';
import { COUNTRY } from '../../../config/env';
import { ApiError } from '../../../lib/api-client';
import { money } from '../../../lib/format';
import { useSalesPool } from '../api/get-sales-pool';
import { useTakeSale } from '../api/take-sale';
import { useApplicationPath } from '../../../lib/application-path';
import { say } from '../../../lib/voice';

const statusById = new Map(STATUSES[COUNTRY].map((status) => [status.id, status]));

/**
 * The unassigned applications a seller may take (SPEC 6: sellers, with or without assignation). Taking one
 * assigns it at once; when someone else was faster the server says so and the pool refreshes.
 */
export function SalesPool() {
  const [cursors, setCursors] = useState<(string | undefined)[]>([undefined]);
  const pool = useSalesPool(cursors[cursors.length - 1]);
  const take = useTakeSale();
  const notify = useNotify();
  const navigate = useNavigate();
  const applicationPath = useApplicationPath();
  const rows = pool.data?.rows ?? [];

  const onTake = (id: number) =>
    take.mutate(id, {
      onSuccess: () => {
        // Long enough to reach 'Abrir' (the SPEC default of 2 s is not).
        notify({
          message: say(`Tomaste la solicitud #${id}`),
          timeout: 8000,
          action: { label: 'Abrir', onClick: () => void navigate(applicationPath(id)) },
        });
        setCursors([undefined]);
      },
      // A refusal stays until closed, as every refusal of the app does.
      onError: (error) =>
        notify({ message: error instanceof ApiError ? error.statusMessage : 'Ocurrió un error inesperado', color: 'error', timeout: null }),
    });

  return (
    <Card component="section" aria-label="Solicitudes sin asignar">
      <CardHeader title="Solicitudes sin asignar" subheader={say('Toma una para trabajarla: queda asignada a ti.')} />
      <CardContent sx={{ pt: 0 }}>
        {pool.error && <Alert severity="error">{pool.error.message}</Alert>}
        {pool.isSuccess && rows.length === 0 && <Typography color="text.secondary">No hay solicitudes sin asignar.</Typography>}
        {rows.length > 0 && (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>Solicitud</TableCell>
                <TableCell>Cliente</TableCell>
                <TableCell>Estado</TableCell>
                <TableCell align="right">Monto</TableCell>
                <TableCell />
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((row) => {
                const status = statusById.get(row.status_id);
                return (
                  <TableRow key={row.id} data-testid="pool-row">
                    <TableCell>#{row.id}</TableCell>
                    <TableCell>
                      {row.customer.first_name} {row.customer.last_name}
                    </TableCell>
                    <TableCell>{status ? <StatusChip {...status} /> : row.status_id}</TableCell>
                    <TableCell align="right">{money(row.requested_amount)}</TableCell>
                    <TableCell align="right">
                      <Button size="small" variant="outlined" disabled={take.isPending} onClick={() => onTake(row.id)}>
                        Tomar
                      </Button>
                    </TableCell>
                  </TableRow>
                );
              })}
            </TableBody>
          </Table>
        )}
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 1 }}>
          <Button size="small" disabled={cursors.length === 1} onClick={() => setCursors((list) => list.slice(0, -1))}>
            Anteriores
          </Button>
          <Button
            size="small"
            disabled={!pool.data?.pageInfo.nextCursor}
            onClick={() => setCursors((list) => [...list, pool.data!.pageInfo.nextCursor!])}
          >
            Siguientes
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}
