import { auditQueueStatusIds, type LeadListItem, type StepEntry } from '@backoffice/shared';
import { IconButton, ListItemText, Menu, MenuItem, Tooltip } from '@mui/material';
import { IconArrowsMove } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { COUNTRY } from '../../../config/env';
import { useCardTransitions } from '../api/get-card-transitions';
import { say } from '../../../lib/voice';

interface MoveCardMenuProps {
  card: LeadListItem;
  columns: StepEntry[];
  disabled: boolean;
  onMove: (card: LeadListItem, to: StepEntry) => void;
}

/** A case waiting for audit leaves it only by the audit's decision, taken on the case. */
const inAudit = new Set(auditQueueStatusIds(COUNTRY));
const AUDIT_ELSEWHERE = 'Se decide en Auditorías, con el caso tomado';

/**
 * The keyboard and screen-reader way to move a card: "Mover a…" lists the columns the server says this
 * role may move the lead to from its status now (a guard that blocks one shows it disabled, with why).
 */
export function MoveCardMenu({ card, columns, disabled, onMove }: MoveCardMenuProps) {
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  const menuId = useId();
  const transitions = useCardTransitions(card.id, anchor !== null);
  const close = () => setAnchor(null);
  const byId = new Map(columns.map((column) => [column.id, column]));
  const options = (transitions.data?.transitions ?? []).flatMap((option) => {
    const column = byId.get(option.to_status);
    return column ? [{ column, blocked: option.blocked }] : [];
  });

  return (
    <>
      <Tooltip title="Mover a…">
        <span>
          <IconButton
            size="small"
            aria-label="Mover a…"
            aria-haspopup="menu"
            aria-controls={anchor ? menuId : undefined}
            aria-expanded={anchor ? 'true' : undefined}
            disabled={disabled}
            onClick={(event) => setAnchor(event.currentTarget)}
          >
            <IconArrowsMove size={18} />
          </IconButton>
        </span>
      </Tooltip>
      <Menu id={menuId} anchorEl={anchor} open={anchor !== null} onClose={close}>
        <MenuItem disabled dense>
          <ListItemText primary={`Mover lead #${card.id} a…`} />
        </MenuItem>
        {transitions.isPending ? (
          <MenuItem disabled>Cargando…</MenuItem>
        ) : transitions.error ? (
          <MenuItem disabled>{transitions.error.message}</MenuItem>
        ) : options.length === 0 ? (
          <MenuItem disabled>
            {inAudit.has(card.status_id) ? AUDIT_ELSEWHERE : say('No hay columnas a las que tu rol pueda moverlo')}
          </MenuItem>
        ) : (
          options.map(({ column, blocked }) => (
            <MenuItem
              key={column.id}
              disabled={blocked !== null}
              onClick={() => {
                close();
                onMove(card, column);
              }}
            >
              <ListItemText primary={column.label} secondary={blocked} />
            </MenuItem>
          ))
        )}
      </Menu>
    </>
  );
}
