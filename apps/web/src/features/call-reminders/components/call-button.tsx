import { Button } from '@mui/material';
import { IconPhoneOutgoing } from '@tabler/icons-react';
import { useState } from 'react';
import { useStartCall } from '../hooks/use-start-call';

/** Click-to-call on a detail screen: the customer's cellphone through the user's telephony number. */
export function CallButton({ cellphone, leadId }: { cellphone: string | null | undefined; leadId: number }) {
  const start = useStartCall();
  const [busy, setBusy] = useState(false);
  return (
    <Button
      variant="outlined"
      startIcon={<IconPhoneOutgoing size={18} />}
      disabled={!cellphone || busy}
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
  );
}
