import { auditQueueStatusIds, STATUSES, type AuditQueueItem, type AuditQueueQuery, type AuditQueueResponse } from '@backoffice/shared';
import { Button, Link as MuiLink, Typography } from '@mui/material';
import { DataGrid, type GridPaginationModel } from '@mui/x-data-grid';
import { IconHandGrab } from '@tabler/icons-react';
import { useCallback, useMemo } from 'react';
import { Link } from 'react-router';
import { CLIP_LAST_HEADER } from '../../../components/keyset-data-grid';
import { GridFetchingBar, GridNoRows, STALE_ROWS_CLASS, STALE_ROWS_SX, StaleRowsNotice, useLasting } from '../../../components/list-state';
import { TIGHT_CELLS_SX, textColumn, useFittedColumns, type FittedColumn } from '../../../components/fitted-columns';
import { MobileList, useIsPhone } from '../../../components/mobile-list';
import { smallStatusChipWidths, StatusChip } from '../../../components/status-chip';
import { COUNTRY } from '../../../config/env';
import { age, dateTime, money } from '../../../lib/format';
import { gridRowCount, listLocaleText } from '../../../lib/grid-locale';
import { isFiltered } from '../../../lib/url-state';
import { CELL_FONT, textWidth, widestTextWidth } from '../../../lib/text-width';
import { FONT_FAMILY } from '../../../lib/theme';
import { auditStatusLabel } from '../audit-status-label';
import type { AuditQueuePatch } from '../hooks/use-audit-queue-params';
import { say } from '../../../lib/voice';

const statusById = new Map(STATUSES[COUNTRY].map((status) => [status.id, status]));
const queueStatuses = new Set(auditQueueStatusIds(COUNTRY));
const BUTTON_FONT = `500 13px ${FONT_FAMILY}`;

interface AuditQueueTableProps {
  query: AuditQueueQuery;
  data: AuditQueueResponse | undefined;
  loading: boolean;
  /** The rows shown are out of date (rowsOutOfDate). */
  stale?: boolean;
  /** Clears the filters: offered when they match nothing. */
  onClearFilters?: () => void;
  update: (patch: AuditQueuePatch) => void;
  userId: number | undefined;
  /** Lead being claimed right now (its button waits). */
  claiming: number | null;
  onClaim: (leadId: number) => void;
}

/** The queue, oldest first (the server's order: no column sorting), paged on the server; decided statuses by decision time. */
export function AuditQueueTable({
  query,
  data,
  loading,
  stale = false,
  onClearFilters,
  update,
  userId,
  claiming,
  onClaim,
}: AuditQueueTableProps) {
  /** A case's button: take it, or open the one taken; nothing once decided (the grid's cell and a phone's row). */
  const claimAction = useCallback(
    (row: AuditQueueItem, tabIndex?: 0 | -1) => {
      // Decided, or no longer waiting for audit: nothing to take.
      if (row.decision !== null || !queueStatuses.has(row.status_id))
        return (
          // Inline: it takes the cell's line height and sits in the middle of the row, as the other texts.
          <Typography component="span" variant="body2" color="text.secondary">
            Resuelto
          </Typography>
        );
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
    [userId, claiming, onClaim],
  );
  // Each column as wide as what it shows on the page (fitColumns, as the leads lists): on a 1366 px laptop the
  // queue's columns fit without scrolling sideways.
  const columns = useMemo<FittedColumn<AuditQueueItem>[]>(
    () => [
      {
        field: 'lead_id',
        headerName: 'Lead',
        fit: (rows) =>
          widestTextWidth(
            rows.map((row) => `#${row.lead_id}`),
            CELL_FONT,
          ),
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
        // The small button: its label (13 px, 500) and 42 px around it (paddings, the 16 px icon and its margins).
        fit: () => Math.max(...['Tomar', 'Abrir'].map((label) => textWidth(label, BUTTON_FONT) + 42), textWidth('Resuelto', CELL_FONT)),
        renderCell: ({ row, tabIndex }) => claimAction(row, tabIndex),
      },
      textColumn({
        field: 'claim',
        headerName: 'Tomado por',
        text: (row) => (row.claim ? (row.claim.user.id === userId ? say('Tú') : row.claim.user.name) : row.decision ? '—' : 'Libre'),
        wrap: true,
      }),
      textColumn({ field: 'queued_at', headerName: 'En cola desde', text: (row) => dateTime(row.queued_at) }),
      // Decided statuses are listed by when their leads entered them: the decision's time.
      textColumn({ field: 'decided_at', headerName: 'Resuelto el', text: (row) => (row.decided_at ? dateTime(row.decided_at) : '—') }),
      textColumn({
        field: 'customer',
        headerName: 'Cliente',
        flex: 1,
        text: (row) => `${row.customer.last_name}, ${row.customer.first_name}`,
        wrap: true,
      }),
      {
        field: 'status_id',
        headerName: 'Estado',
        fit: (rows) => smallStatusChipWidths(rows.map((row) => auditStatusLabel(row.status_id))),
        renderCell: ({ row }) => {
          const status = statusById.get(row.status_id);
          return status ? <StatusChip {...status} label={auditStatusLabel(row.status_id)} wrap /> : row.status_id;
        },
      },
      textColumn({ field: 'doc_number', headerName: 'Documento', text: (row) => row.customer.doc_number }),
      {
        field: 'requested_amount',
        headerName: 'Monto',
        type: 'number',
        valueFormatter: (value: number) => money(value),
        fit: (rows) =>
          widestTextWidth(
            rows.map((row) => money(row.requested_amount)),
            CELL_FONT,
          ),
      },
      textColumn({ field: 'seller', headerName: 'Vendedor', text: (row) => row.seller?.name ?? 'Sin asignar', wrap: true }),
    ],
    [claimAction, userId],
  );
  // Only decided statuses have a decision time, and only the claim filter 'all' lists them.
  const listsDecided = query.claim === 'all' && (query.status ?? []).some((id) => !queueStatuses.has(id));
  // Decided cases only: nothing to take and no one holding them, so no button or claim columns (and the
  // decision's time fits a 1366 px laptop in their room).
  const onlyDecided = listsDecided && (query.status ?? []).every((id) => !queueStatuses.has(id));
  const visibility = useMemo(() => ({ decided_at: listsDecided, actions: !onlyDecided, claim: !onlyDecided }), [listsDecided, onlyDecided]);
  // The queue does not sort by its columns: no header keeps room for a sort arrow.
  const fitted = useFittedColumns(columns, data?.rows, { sorting: false, visibility });

  // No page and none loading: the queue failed (its error is shown above).
  const failed = !data && !loading;
  const hasRows = !!data?.rows.length;
  const slow = useLasting(loading && hasRows);
  const outdated = hasRows && (stale || slow);
  const empty = failed ? 'No se pudo cargar la lista' : 'No hay casos en la cola con estos filtros';

  const onPagination = (model: GridPaginationModel) => {
    if (model.pageSize !== query.pageSize) return update({ pageSize: model.pageSize });
    update({ page: model.page + 1 });
  };

  const phone = useIsPhone();
  if (phone) {
    return (
      <MobileList<AuditQueueItem>
        rows={data?.rows ?? []}
        getId={(row) => row.audit_id}
        mobileRow={(row) => {
          const status = statusById.get(row.status_id);
          return {
            primary: `${row.customer.last_name}, ${row.customer.first_name}`,
            secondary: `#${row.lead_id}`,
            status: status ? <StatusChip {...status} label={auditStatusLabel(row.status_id)} /> : undefined,
            amount: money(row.requested_amount),
            age: age(row.queued_at),
            action: onlyDecided ? undefined : claimAction(row),
          };
        }}
        rowHref={(row) => `/audit-detail?id=${row.lead_id}`}
        page={query.page}
        hasPrevious={query.page > 1}
        hasNext={data !== undefined && data.rows.length === query.pageSize}
        onPage={(page) => update({ page })}
        loading={loading}
        outdated={outdated ? { slow: !stale } : undefined}
        emptyLabel={empty}
        onClearFilters={!failed && isFiltered(query) ? onClearFilters : undefined}
        aria-label="Cola de auditoría"
      />
    );
  }

  return (
    <>
      {outdated && <StaleRowsNotice slow={!stale} />}
      <DataGrid<AuditQueueItem>
        rows={data?.rows ?? []}
        getRowId={(row) => row.audit_id}
        columns={fitted.columns}
        onResize={fitted.onResize}
        columnVisibilityModel={visibility}
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
        sx={{ bgcolor: 'background.paper', minHeight: 420, ...CLIP_LAST_HEADER, ...STALE_ROWS_SX, ...(fitted.tight && TIGHT_CELLS_SX) }}
        className={outdated ? STALE_ROWS_CLASS : undefined}
        slots={{ loadingOverlay: GridFetchingBar, noRowsOverlay: GridNoRows }}
        slotProps={{ noRowsOverlay: { label: empty, onClearFilters: !failed && isFiltered(query) ? onClearFilters : undefined } }}
        aria-label="Cola de auditoría"
      />
    </>
  );
}
