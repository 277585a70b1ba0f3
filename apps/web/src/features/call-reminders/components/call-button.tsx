import { MESSAGES } from '@backoffice/shared';
import { Button, FormHelperText, Stack } from '@mui/material';
import { IconPhoneOutgoing } from '@tabler/icons-react';
import { useId, useState } from 'react';
import { useSession } from '../../../lib/session';
import { useStartCall } from '../hooks/use-start-call';

/**
 * Click-to-call on a detail screen: the customer's cellphone through the user's telephony number. A user
 * without one (neotel_id 0, SPEC 5) is not offered a call that cannot work: the button is disabled and says
 * why, in the server's words.
 */
export function CallButton({ cellphone, leadId }: { cellphone: string | null | undefined; leadId: number }) {
  const start = useStartCall();
  const session = useSession();
  const [busy, setBusy] = useState(false);
  const reasonId = useId();
  const noTelephony = !((session?.neotel_id ?? 0) > 0);
  return (
    <Stack spacing={0.5}>
      <Button
        variant="outlined"
        startIcon={<IconPhoneOutgoing size={18} />}
        disabled={noTelephony || !cellphone || busy}
        aria-describedby={noTelephony ? reasonId : undefined}
        onClick={async () => {
          setBusy(true);
          try {
            await start(cellphone ?? '', leadId);
          } finally {
            setBusy(false);
          }
        }}
      >
        Llamar
      </Button>
      {noTelephony && <FormHelperText id={reasonId}>{MESSAGES.noNeotelUser}</FormHelperText>}
    </Stack>
  );
}
