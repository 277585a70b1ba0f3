import { Button, Dialog, DialogContent, DialogTitle } from '@mui/material';
import { IconSend } from '@tabler/icons-react';
import { useState } from 'react';
import { SendMessageForm, type SendMessageTarget } from './send-message-form';

/** "Enviar mensaje" on an application or a loan: the send form in a dialog. */
export function SendMessageButton({ onSent, ...target }: SendMessageTarget & { onSent?: () => void }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="outlined" startIcon={<IconSend size={18} />} onClick={() => setOpen(true)}>
        Enviar mensaje
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} fullWidth maxWidth="sm" aria-labelledby="send-message-title">
        <DialogTitle id="send-message-title">Enviar mensaje</DialogTitle>
        <DialogContent>
          <SendMessageForm
            target={target}
            onCancel={() => setOpen(false)}
            onSent={() => {
              setOpen(false);
              onSent?.();
            }}
          />
        </DialogContent>
      </Dialog>
    </>
  );
}
