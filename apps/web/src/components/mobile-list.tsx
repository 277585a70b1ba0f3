import {
  Badge,
  Box,
  Button,
  Card,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  LinearProgress,
  List,
  ListItem,
  ListItemButton,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { IconChevronLeft, IconChevronRight, IconFilter } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { GridNoRows, StaleRowsNotice } from './list-state';

/** Below MUI's `sm` breakpoint (600 px): lists read one record a line, details keep their actions in a bar. */
export function useIsPhone(): boolean {
  const theme = useTheme();
  return useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
}

/**
 * How a list's record reads on a phone, declared by the list beside its columns: its name, its status (a chip
 * with the Spanish label), an amount and an age on two short lines; `action` is a row's own button (a review,
 * a claim) where the row opens nothing, or opens something else.
 */
export interface MobileRow {
  primary: string;
  secondary?: string;
  status?: ReactNode;
  amount?: string;
  age?: string;
  action?: ReactNode;
}

interface MobileListProps<R> {
  rows: readonly R[];
  getId: (row: R) => string | number;
  mobileRow: (row: R) => MobileRow;
  /** Where tapping a record goes (the detail a desktop row click opens). */
  rowHref?: (row: R) => string;
  page: number;
  hasPrevious: boolean;
  hasNext: boolean;
  onPage: (page: number) => void;
  loading: boolean;
  /** The rows shown are out of date (rowsOutOfDate) or slow to refresh. */
  outdated?: { slow: boolean };
  /** What an empty list says (no match, or nothing at all) and the way out of a filter that matches nothing. */
  emptyLabel: string;
  onClearFilters?: () => void;
  'aria-label'?: string;
}

/**
 * The phone's list: one record in one or two short lines, the page moved by "Anterior" and "Siguiente" (the
 * desktop grid's keyset pages). No columns, so nothing scrolls sideways.
 */
export function MobileList<R>({
  rows,
  getId,
  mobileRow,
  rowHref,
  page,
  hasPrevious,
  hasNext,
  onPage,
  loading,
  outdated,
  emptyLabel,
  onClearFilters,
  'aria-label': label,
}: MobileListProps<R>) {
  return (
    <Card sx={{ position: 'relative', opacity: outdated ? 0.8 : 1 }} data-testid="mobile-list">
      {outdated && (
        <Box sx={{ p: 1 }}>
          <StaleRowsNotice slow={outdated.slow} />
        </Box>
      )}
      {loading && (
        <LinearProgress aria-label="Cargando filas" data-testid="grid-fetching" sx={{ position: 'absolute', top: 0, left: 0, right: 0 }} />
      )}
      {rows.length === 0 ? (
        loading ? (
          <Box sx={{ minHeight: 120 }} />
        ) : (
          <GridNoRows label={emptyLabel} onClearFilters={onClearFilters} />
        )
      ) : (
        <List disablePadding aria-label={label}>
          {rows.map((row) => {
            const record = mobileRow(row);
            const content = <MobileRowContent record={record} />;
            return (
              // A short action (a button) sits beside the record; a wider one (two or three buttons) goes under it.
              <ListItem key={getId(row)} disablePadding divider sx={{ flexWrap: 'wrap', columnGap: 1 }} data-testid="mobile-row">
                {rowHref ? (
                  <ListItemButton component={Link} to={rowHref(row)} sx={{ flex: '1 1 200px', minWidth: 0, py: 1 }}>
                    {content}
                  </ListItemButton>
                ) : (
                  <Box sx={{ flex: '1 1 200px', minWidth: 0, px: 2, py: 1 }}>{content}</Box>
                )}
                {record.action && (
                  <Box sx={{ flexShrink: 0, ml: 'auto', px: 1, pb: 0.5, display: 'flex', alignItems: 'center', flexWrap: 'wrap' }}>
                    {record.action}
                  </Box>
                )}
              </ListItem>
            );
          })}
        </List>
      )}
      {(hasPrevious || hasNext) && (
        <Box sx={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between', p: 1 }}>
          <Button
            size="small"
            startIcon={<IconChevronLeft size={18} />}
            disabled={!hasPrevious || loading}
            onClick={() => onPage(page - 1)}
          >
            Anterior
          </Button>
          <Typography variant="body2" color="text.secondary">
            Página {page}
          </Typography>
          <Button size="small" endIcon={<IconChevronRight size={18} />} disabled={!hasNext || loading} onClick={() => onPage(page + 1)}>
            Siguiente
          </Button>
        </Box>
      )}
    </Card>
  );
}

/** Name and amount on the first line; the status, a short detail and the age on the second. */
function MobileRowContent({ record }: { record: MobileRow }) {
  return (
    <Box sx={{ flex: 1, minWidth: 0 }}>
      <Box sx={{ display: 'flex', alignItems: 'baseline', gap: 1 }}>
        <Typography noWrap sx={{ flex: 1, minWidth: 0, fontWeight: 500 }}>
          {record.primary}
        </Typography>
        {record.amount && (
          <Typography variant="body2" sx={{ flexShrink: 0, fontWeight: 500 }}>
            {record.amount}
          </Typography>
        )}
      </Box>
      {(record.status || record.secondary || record.age) && (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mt: 0.5, minWidth: 0, '& .MuiChip-root': { maxWidth: '100%' } }}>
          {record.status && <Box sx={{ minWidth: 0, flexShrink: 1, display: 'flex' }}>{record.status}</Box>}
          <Typography variant="body2" color="text.secondary" noWrap sx={{ flex: 1, minWidth: 0 }}>
            {record.secondary}
          </Typography>
          {record.age && (
            <Typography variant="caption" color="text.secondary" sx={{ flexShrink: 0 }}>
              {record.age}
            </Typography>
          )}
        </Box>
      )}
    </Box>
  );
}

/**
 * A list's filters: on a desktop, the card above the list; on a phone, behind a "Filtros" button that says
 * how many are set, in a full-screen dialog (they change the list as they are chosen, as on a desktop).
 */
export function ListFiltersFrame({ active, children }: { active: number; children: ReactNode }) {
  const phone = useIsPhone();
  const [open, setOpen] = useState(false);
  const titleId = useId();
  if (!phone) return <Card sx={{ p: 2 }}>{children}</Card>;
  return (
    <>
      <Box>
        <Button
          variant="outlined"
          onClick={() => setOpen(true)}
          startIcon={
            <Badge badgeContent={active} color="primary" data-testid="filters-badge">
              <IconFilter size={18} />
            </Badge>
          }
          aria-label={active ? `Filtros, ${active === 1 ? '1 activo' : `${active} activos`}` : 'Filtros'}
          aria-haspopup="dialog"
        >
          Filtros
        </Button>
      </Box>
      <Dialog fullScreen open={open} onClose={() => setOpen(false)} aria-labelledby={titleId}>
        <DialogTitle id={titleId}>Filtros</DialogTitle>
        <DialogContent dividers sx={{ pt: 3 }}>
          {children}
        </DialogContent>
        <DialogActions>
          <Button variant="contained" onClick={() => setOpen(false)}>
            Ver resultados
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
