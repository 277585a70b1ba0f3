import { Box, Button, Drawer, IconButton, Paper, Typography } from '@mui/material';
import { IconX } from '@tabler/icons-react';
import { useId, useState, type ReactNode } from 'react';
import { useIsPhone } from './mobile-list';

/** An action of the bar that opens its form in a sheet from the bottom ("Cambiar estado", "Nota"). */
export interface BarSheet {
  label: string;
  icon?: ReactNode;
  /** The sheet's form; `close` is for a form done with (a note added). */
  content: (close: () => void) => ReactNode;
}

/** The bar's height with its paddings: the page keeps this much room under its content, so the bar covers nothing. */
const BAR_ROOM = 72;

/**
 * A detail's main actions on a phone, in a bar that stays at the bottom of the screen while the record
 * scrolls: the call button itself and the forms a seller uses most, each opened in a sheet. The page leaves
 * these out on a phone (useIsPhone), so each form exists once, with one draft. On a desktop nothing: the
 * actions are in the detail's side column.
 */
export function DetailActionBar({ call, sheets }: { call?: ReactNode; sheets: BarSheet[] }) {
  const phone = useIsPhone();
  const [open, setOpen] = useState<string | null>(null);
  const titleId = useId();
  if (!phone) return null;
  const sheet = sheets.find((candidate) => candidate.label === open);
  const close = () => setOpen(null);
  return (
    <>
      <Box aria-hidden sx={{ height: BAR_ROOM }} />
      <Paper
        role="toolbar"
        aria-label="Acciones"
        elevation={8}
        square
        data-testid="detail-action-bar"
        sx={{
          position: 'fixed',
          left: 0,
          right: 0,
          bottom: 0,
          zIndex: (theme) => theme.zIndex.appBar,
          display: 'flex',
          alignItems: 'flex-start',
          gap: 1,
          px: 1,
          pt: 1,
          pb: 'calc(8px + env(safe-area-inset-bottom))',
          '& .MuiButton-root': { minHeight: 40, lineHeight: 1.2 },
        }}
      >
        {call && <Box sx={{ flex: 1, minWidth: 0 }}>{call}</Box>}
        {sheets.map((action) => (
          <Button
            key={action.label}
            variant="outlined"
            startIcon={action.icon}
            aria-haspopup="dialog"
            onClick={() => setOpen(action.label)}
            sx={{ flex: 1, minWidth: 0 }}
          >
            {action.label}
          </Button>
        ))}
      </Paper>
      <Drawer
        anchor="bottom"
        open={!!sheet}
        onClose={close}
        slotProps={{
          paper: {
            role: 'dialog',
            'aria-labelledby': titleId,
            sx: { maxHeight: '85vh', borderTopLeftRadius: 12, borderTopRightRadius: 12 },
          },
        }}
      >
        <Box sx={{ display: 'flex', alignItems: 'center', px: 2, pt: 1.5 }}>
          <Typography id={titleId} variant="h6" component="h2" sx={{ flex: 1 }}>
            {sheet?.label}
          </Typography>
          <IconButton aria-label="Cerrar" onClick={close}>
            <IconX size={20} />
          </IconButton>
        </Box>
        <Box sx={{ p: 2, pt: 1 }}>{sheet?.content(close)}</Box>
      </Drawer>
    </>
  );
}
