import { allowedRegretTransitions, regretStatusLabel, regretStatusName, type RegretRow } from '@backoffice/shared';
import { Button, Menu, MenuItem } from '@mui/material';
import { IconChevronDown } from '@tabler/icons-react';
import { useState } from 'react';
import { usePrompt } from '../../../components/confirm-dialog';
import { useNotify, useNotifyError } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { useSession } from '../../../lib/session';
import { useTransitionRegret } from '../api/regret-mutations';

/** What the shared table lets this role do with the request from its status (the server checks it again). */
export function RegretActions({ row }: { row: RegretRow }) {
  const session = useSession();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const transition = useTransitionRegret();
  const prompt = usePrompt();
  const notify = useNotify();
  const notifyError = useNotifyError();
  const move = async (option: (typeof options)[number]) => {
    setAnchor(null);
    const title = `${regretStatusLabel(COUNTRY, row.status)} → ${regretStatusLabel(COUNTRY, option.to)}`;
    const reason = await prompt({
      title,
      confirmLabel: 'Confirmar',
      input: { label: option.reasonRequired ? 'Motivo' : 'Comentario (opcional)', required: option.reasonRequired, maxLength: 500 },
    });
    if (reason === null) return;
    transition.mutate(
      { id: row.id, to: option.to, version: row.version, reason: reason.trim() || undefined },
      {
        onSuccess: (done) =>
          notify({
            message: `Solicitud en «${regretStatusLabel(COUNTRY, done.status)}»`,
            color: regretStatusName(COUNTRY, done.status).includes('fail') ? 'warning' : 'success',
          }),
        onError: (error) => notify({ message: error.message, color: 'error', timeout: null }),
      },
    );
  };
  const options = session ? allowedRegretTransitions(COUNTRY, row.status, session.role) : [];
  if (options.length === 0) return null;
  return (
    <>
      <Button
        size="small"
        endIcon={<IconChevronDown size={16} />}
        disabled={transition.isPending}
        onClick={(event) => {
          event.stopPropagation();
          setAnchor(event.currentTarget);
        }}
        data-testid={`regret-actions-${row.id}`}
      >
        Cambiar estado
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)} onClick={(event) => event.stopPropagation()}>
        {options.map((option) => (
          <MenuItem key={option.to} onClick={() => void move(option).catch(notifyError)}>
            {regretStatusLabel(COUNTRY, option.to)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
