import { auditQueueStatusIds, auditStatusesOf, STATUSES, type AuditQueueItem, type AuditQueueQuery, type AuditQueueResponse } from '@backoffice/shared';
import { Button, Link as MuiLink, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridPaginationModel } from '@mui/x-data-grid';
import { IconHandGrab } from '@tabler/icons-react';
import { useMemo } from 'react';
import { Link } from 'react-router';
import { smallStatusChipWidth, StatusChip } from '../../../components/status-chip';
import { COUNTRY } from '../../../config/env';
import { dateTime, money } from '../../../lib/format';
import { gridRowCount, listLocaleText } from '../../../lib/grid-locale';
import { auditStatusLabel } from '../audit-status-label';
import type { AuditQueuePatch } from '../hooks/use-audit-queue-params';

const statusById = new Map(STATUSES[COUNTRY].map((status) => [status.id, status]));
const queueStatuses = new Set(auditQueueStatusIds(COUNTRY));
/** As wide as the widest chip the queue can show (its statuses by their step labels), not more: the claim button fits. */
const statusWidth = smallStatusChipWidth(auditStatusesOf(COUNTRY).map((status) => auditStatusLabel(status.id))) + 24;

interface AuditQueueTableProps {
  query: AuditQueueQuery;
  data: AuditQueueResponse | undefined;
  loading: boolean;
  update: (patch: AuditQueuePatch) => void;
  userId: number | undefined;
  /** Lead being claimed right now (its button waits). */
  claiming: number | null;
  onClaim: (leadId: number) => void;
}

/** The queue, oldest first (the server's order: no column sorting), paged on the server; decided statuses by decision time. */
export function AuditQueueTable({ query, data, loading, update, userId, claiming, onClaim }: AuditQueueTableProps) {
  const columns = useMemo<GridColDef<AuditQueueItem>[]>(
    () => [
      {
        field: 'lead_id',
        headerName: 'Lead',
        width: 90,
        // The cell's tabIndex (as the leads lists' id links): one Tab stop in the grid, reached by the arrows.
        renderCell: ({ row, tabIndex }) => (
          <MuiLink component={Link} to={`/audit-detail?id=${row.lead_id}`} underline="hover" tabIndex={tabIndex}>
            #{row.lead_id}
          </MuiLink>
        ),
      },
      // Taking the case first: in view on any screen, however narrow, before the case's data.
      {
        field: 'actions',
        headerName: '',
        width: 105,
        renderCell: ({ row, tabIndex }) => {
          // Decided, or no longer waiting for audit: nothing to take.
          if (row.decision !== null || !queueStatuses.has(row.status_id)) return <Typography variant="body2" color="text.secondary">Resuelto</Typography>;
          const mine = row.claim?.user.id === userId;
          return (
            <Button
              tabIndex={tabIndex}
              size="small"
              variant={mine ? 'outlined' : 'contained'}
              startIcon={<IconHandGrab size={16} />}
              disabled={claiming === row.lead_id || (!!row.claim && !mine)}
              onClick={() => onClaim(row.lead_id)}
            >
              {mine ? 'Abrir' : 'Tomar'}
            </Button>
          );
        },
      },
      {
        field: 'claim',
        headerName: 'Tomado por',
        width: 170,
        valueGetter: (_, row) => (row.claim ? (row.claim.user.id === userId ? 'Tú' : row.claim.user.name) : row.decision ? '—' : 'Libre'),
      },
      { field: 'queued_at', headerName: 'En cola desde', width: 150, valueFormatter: (value: string) => dateTime(value) },
      // Decided statuses are listed by when their leads entered them: the decision's time.
      {
        field: 'decided_at',
        headerName: 'Resuelto el',
        width: 150,
        valueFormatter: (value: string | null) => (value ? dateTime(value) : '—'),
      },
      {
        field: 'customer',
        headerName: 'Cliente',
        flex: 1,
        minWidth: 180,
        valueGetter: (_, row) => `${row.customer.last_name}, ${row.customer.first_name}`,
      },
      {
        field: 'status_id',
        headerName: 'Estado',
        width: statusWidth,
        renderCell: ({ row }) => {
          const status = statusById.get(row.status_id);
          return status ? <StatusChip {...status} label={auditStatusLabel(row.status_id)} /> : row.status_id;
        },
      },
      { field: 'doc_number', headerName: 'Documento', width: 115, valueGetter: (_, row) => row.customer.doc_number },
      { field: 'requested_amount', headerName: 'Monto', width: 120, type: 'number', valueFormatter: (value: number) => money(value) },
      { field: 'seller', headerName: 'Vendedor', width: 170, valueGetter: (_, row) => row.seller?.name ?? 'Sin asignar' },
    ],
    [userId, claiming, onClaim],
  );

  // Only decided statuses have a decision time, and only the claim filter 'all' lists them.
  const listsDecided = query.claim === 'all' && (query.status ?? []).some((id) => !queueStatuses.has(id));

  // No page and none loading: the queue failed (its error is shown above).
  const failed = !data && !loading;

  const onPagination = (model: GridPaginationModel) => {
    if (model.pageSize !== query.pageSize) return update({ pageSize: model.pageSize });
    update({ page: model.page + 1 });
  };

  return (
    <DataGrid<AuditQueueItem>
      rows={data?.rows ?? []}
      getRowId={(row) => row.audit_id}
      columns={columns}
      columnVisibilityModel={{ decided_at: listsDecided }}
      loading={loading}
      paginationMode="server"
      // Beyond the count's threshold the last page is unknown: the grid pages on while pages come full.
      rowCount={gridRowCount(data?.count, failed ? query : undefined)}
      paginationMeta={{ hasNextPage: data !== undefined && data.rows.length === query.pageSize }}
      paginationModel={{ page: query.page - 1, pageSize: query.pageSize }}
      onPaginationModelChange={onPagination}
      pageSizeOptions={[10, 25, 50, 100]}
      disableColumnFilter
      disableColumnSorting
      disableRowSelectionOnClick
      localeText={listLocaleText('No hay casos en la cola con estos filtros', data?.count, failed)}
      sx={{ bgcolor: 'background.paper', minHeight: 420 }}
      aria-label="Cola de auditoría"
    />
  );
}
