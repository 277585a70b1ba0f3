import { MESSAGES, findRole, type RoleKind } from '@backoffice/shared';
import { Box, Button, FormHelperText, Stack, Tooltip } from '@mui/material';
import { IconPhoneOutgoing } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useNotifyError } from '../../../components/notifications';
import { COUNTRY } from '../../../config/env';
import { useSession } from '../../../lib/session';
import { useStartCall } from '../hooks/use-start-call';

/** The roles whose work is calling customers: each is meant to have a telephony user. */
const CALLERS: readonly RoleKind[] = ['seller', 'seller_wo_assignation', 'seller_renovator', 'collector'];

/** Why a user without a telephony user cannot call, said as a reason rather than an error. */
export const NO_TELEPHONY_REASON = MESSAGES.noNeotelUser.replace(/^Error:\s*/, '');

/** Read by screen readers, not shown. */
const hidden = {
  position: 'absolute',
  width: 1,
  height: 1,
  margin: -1,
  padding: 0,
  overflow: 'hidden',
  clip: 'rect(0 0 0 0)',
  whiteSpace: 'nowrap',
  border: 0,
} as const;

/**
 * Click-to-call on a detail screen: the customer's cellphone through the user's telephony number. A user
 * without one (neotel_id 0, SPEC 5) is not offered a call that cannot work: the button is disabled and says
 * why. A seller (whose work is calling: the missing telephony user is a problem to report) reads it beside
 * the button in SPEC 5's words; anyone else (a supervisor on every lead detail) is not shown a standing error,
 * only the reason as the button's tooltip and description.
 */
export function CallButton({
  cellphone,
  leadId,
  loanId,
  onCalled,
}: {
  cellphone: string | null | undefined;
  leadId: number;
  /** From the collection detail: the loan's customer, on the loan's timeline. */
  loanId?: number;
  onCalled?: () => void;
}) {
  const start = useStartCall();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const notifyError = useNotifyError();
  // useStartCall reports the telephony's own failures; anything else still reaches the user.
  const call = async () => {
    setBusy(true);
    try {
      if (await start(cellphone ?? '', leadId, loanId)) onCalled?.();
    } finally {
      setBusy(false);
    }
  };
  const reasonId = useId();
  const noTelephony = !((session?.neotel_id ?? 0) > 0);
  const kind = findRole(COUNTRY, session?.role)?.kind;
  const caller = kind !== undefined && CALLERS.includes(kind);
  const button = (
    <Button
      variant="outlined"
      fullWidth
      startIcon={<IconPhoneOutgoing size={18} />}
      disabled={noTelephony || !cellphone || busy}
      aria-describedby={noTelephony ? reasonId : undefined}
      onClick={() => void call().catch(notifyError)}
    >
      Llamar
    </Button>
  );
  if (noTelephony && !caller) {
    return (
      <Stack spacing={0.5}>
        <Tooltip title={NO_TELEPHONY_REASON} describeChild>
          {/* A disabled button hears no pointer: its wrapper opens the tooltip. */}
          <span data-testid="call-button-wrapper">{button}</span>
        </Tooltip>
        <Box component="span" id={reasonId} sx={hidden}>
          {NO_TELEPHONY_REASON}
        </Box>
      </Stack>
    );
  }
  return (
    <Stack spacing={0.5}>
      {button}
      {noTelephony && <FormHelperText id={reasonId}>{MESSAGES.noNeotelUser}</FormHelperText>}
    </Stack>
  );
}
