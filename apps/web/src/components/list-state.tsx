import { Alert, Box, Button, LinearProgress, Typography } from '@mui/material';
import type { GridSlotProps } from '@mui/x-data-grid';
import { IconFilterOff } from '@tabler/icons-react';
import { onlineManager, useQueryClient, type UseQueryResult } from '@tanstack/react-query';
import { useEffect, useMemo, useState, useSyncExternalStore } from 'react';

/* How far a list's rows can be trusted: fetching, stale, offline (issue 39, section 2). Every list grid uses these. */

declare module '@mui/x-data-grid' {
  interface NoRowsOverlayPropsOverrides {
    /** The empty state's text. */
    label?: string;
    /** Given when filters are set: the empty state offers to clear them. */
    onClearFilters?: () => void;
  }
}

/** A list's wait past this (ms) marks the rows still shown as stale: they may not be the ones asked for. */
export const SLOW_FETCH_MS = 1500;

/**
 * The grid's loading overlay: a thin bar over the rows, which stay readable underneath (MUI's spinner covered
 * them, and its progress bar had no accessible name).
 */
export function GridFetchingBar() {
  return (
    <Box sx={{ position: 'absolute', inset: 0, pointerEvents: 'none' }}>
      <LinearProgress aria-label="Cargando filas" data-testid="grid-fetching" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
    </Box>
  );
}

/** The grid's empty state; with filters set it offers "Limpiar filtros", the way out of a result of nothing. */
export function GridNoRows({ label, onClearFilters }: GridSlotProps['noRowsOverlay']) {
  return (
    <Box
      data-testid="grid-no-rows"
      sx={{ height: '100%', display: 'flex', flexDirection: 'column', alignItems: 'center', justifyContent: 'center', gap: 1.5, p: 2 }}
    >
      <Typography variant="body2">{label}</Typography>
      {onClearFilters && (
        <Button variant="outlined" size="small" startIcon={<IconFilterOff size={18} />} onClick={onClearFilters}>
          Limpiar filtros
        </Button>
      )}
    </Box>
  );
}

/** Rows shown that are known out of date: the last refresh failed, or it waits for the network to come back. */
export function rowsOutOfDate(result: Pick<UseQueryResult, 'data' | 'isError' | 'fetchStatus' | 'isPlaceholderData'>): boolean {
  return result.data !== undefined && (result.isError || result.fetchStatus === 'paused');
}

/** True once `active` has lasted `ms` without a break. */
export function useLasting(active: boolean, ms = SLOW_FETCH_MS): boolean {
  // Each stretch of `active` is its own object: the timer marks the stretch it was started for, so a new one starts unmarked.
  const stretch = useMemo(() => (active ? {} : null), [active]);
  const [lasted, setLasted] = useState<object | null>(null);
  useEffect(() => {
    if (!stretch) return;
    const timer = setTimeout(() => setLasted(stretch), ms);
    return () => clearTimeout(timer);
  }, [stretch, ms]);
  return stretch !== null && lasted === stretch;
}

/** The line over a grid whose rows are stale: why, so nobody acts on them as if they were current. */
export function StaleRowsNotice({ slow }: { slow: boolean }) {
  return (
    <Typography variant="body2" role="status" data-testid="stale-rows" sx={{ color: 'warning.main', fontWeight: 500 }}>
      {slow
        ? 'Filas desactualizadas: la lista tarda en responder; se ven las de la carga anterior.'
        : 'Filas desactualizadas: la lista no se pudo actualizar; se ven las de la última carga.'}
    </Typography>
  );
}

/** The class of a grid whose rows are stale: they show faded (with StaleRowsNotice saying why). */
export const STALE_ROWS_CLASS = 'list-rows-stale';
export const STALE_ROWS_SX = { [`&.${STALE_ROWS_CLASS} .MuiDataGrid-row`]: { opacity: 0.55 } } as const;

const subscribeOnline = (notify: () => void) => onlineManager.subscribe(notify);
const isOnline = () => onlineManager.isOnline();

/**
 * A banner while the browser is offline (TanStack Query's onlineManager). Queries wait meanwhile; back online
 * the paused ones resume by themselves, and those that failed while the network went are fetched again here.
 */
export function OfflineBanner() {
  const online = useSyncExternalStore(subscribeOnline, isOnline);
  const queryClient = useQueryClient();
  useEffect(
    () =>
      onlineManager.subscribe((nowOnline) => {
        if (nowOnline) void queryClient.refetchQueries({ type: 'active', predicate: (query) => query.state.status === 'error' });
      }),
    [queryClient],
  );
  if (online) return null;
  return (
    <Alert severity="warning" role="status" data-testid="offline-banner" sx={{ mb: 2 }}>
      Sin conexión: se muestra la última carga; se actualizará al volver la conexión.
    </Alert>
  );
}
